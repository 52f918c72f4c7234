#!/usr/bin/env python3
"""Rule files against the JSON Schema, with a standard validator.

    validate-schema.py SCHEMA FILE...            every FILE must be valid
    validate-schema.py --invalid SCHEMA FILE...  every FILE must be refused
    validate-schema.py --verdicts SCHEMA FILE... prints "valid FILE" or
                                                 "invalid FILE" for each

The schema itself must be a valid JSON Schema (draft 2020-12).  A FILE is
read with PyYAML and then treated as JSON would be: mapping keys become
strings (YAML reads `3: 16` with an integer key; JSON keys are strings,
as editors using the schema see them).  Prints one line per problem and
exits with 1 when a file does not come out as asked, 2 on bad usage.
"""
import json
import re
import sys

import jsonschema
import yaml

MAX_VALUES = 200000


class CoreLoader(yaml.SafeLoader):
    """YAML 1.2's core schema, as cardrules and editors read a file: only
    true and false are booleans (`no:` is a key named no, not false)."""


CoreLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers
            if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


class TooBig(Exception):
    pass


def as_json(value, budget=None):
    """The document as a tree, its aliases copied out; a document larger
    than any rule file (an alias bomb, which cardrules refuses) is
    refused before a validator walks it."""
    budget = budget if budget is not None else [MAX_VALUES]
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig(f"more than {MAX_VALUES} values once its aliases are expanded")
    if isinstance(value, dict):
        return {str(k): as_json(v, budget) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v, budget) for v in value]
    return value


def where(error):
    return "/".join(str(p) for p in error.absolute_path) or "(top)"


def main(argv):
    want_valid = True
    verdicts = False
    if argv and argv[0] == "--invalid":
        want_valid = False
        argv = argv[1:]
    elif argv and argv[0] == "--verdicts":
        verdicts = True
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
                doc = as_json(yaml.load(f, Loader=CoreLoader))
        except (yaml.YAMLError, UnicodeDecodeError) as e:
            problems = [f"not YAML: {e}".replace("\n", " ")]
        except TooBig as e:
            problems = [f"too big: {e}"]
        else:
            # A complete file is checked twice (the top level's keys,
            # then the whole rule file): the same problem may come twice.
            problems = []
            for e in sorted(validator.iter_errors(doc),
                            key=lambda e: list(map(str, e.absolute_path))):
                line = f"{where(e)}: {e.message}"
                if line not in problems:
                    problems.append(line)
        if verdicts:
            print(f"{'invalid' if problems else 'valid'} {path}")
        elif want_valid and problems:
            bad += 1
            for p in problems:
                print(f"{path}: {p}")
        elif not want_valid and not problems:
            bad += 1
            print(f"{path}: accepted by the schema, but it should be refused")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
