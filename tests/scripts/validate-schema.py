#!/usr/bin/env python3
"""Rule files against the JSON Schema, with a standard validator.

    validate-schema.py SCHEMA FILE...            every FILE must be valid
    validate-schema.py --invalid SCHEMA FILE...  every FILE must be refused

The schema itself must be a valid JSON Schema (draft 2020-12).  A FILE is
read with PyYAML and then treated as JSON would be: mapping keys become
strings (YAML reads `3: 16` with an integer key; JSON keys are strings,
as editors using the schema see them).  Prints one line per problem and
exits with 1 when a file does not come out as asked, 2 on bad usage.
"""
import json
import sys

import jsonschema
import yaml


def as_json(value):
    if isinstance(value, dict):
        return {str(k): as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


def where(error):
    return "/".join(str(p) for p in error.absolute_path) or "(top)"


def main(argv):
    want_valid = True
    if argv and argv[0] == "--invalid":
        want_valid = False
        argv = argv[1:]
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.Draft202012Validator
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as e:
        print(f"{argv[0]}: not a valid draft 2020-12 schema: {e.message}"
              f" (at {'/'.join(str(p) for p in e.absolute_path)})")
        return 1
    validator = cls(schema)
    bad = 0
    for path in argv[1:]:
        try:
            with open(path, encoding="utf-8") as f:
                doc = as_json(yaml.safe_load(f))
        except (yaml.YAMLError, UnicodeDecodeError) as e:
            problems = [f"not YAML: {e}".replace("\n", " ")]
        else:
            # A complete file is checked twice (the top level's keys,
            # then the whole rule file): the same problem may come twice.
            problems = []
            for e in sorted(validator.iter_errors(doc),
                            key=lambda e: list(map(str, e.absolute_path))):
                line = f"{where(e)}: {e.message}"
                if line not in problems:
                    problems.append(line)
        if want_valid and problems:
            bad += 1
            for p in problems:
                print(f"{path}: {p}")
        elif not want_valid and not problems:
            bad += 1
            print(f"{path}: accepted by the schema, but it should be refused")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
