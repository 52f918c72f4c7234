# bash completion for cardrules: commands, each command's options (read
# from its --help, so they never drift), game names from `cardrules list`,
# and files.
_cardrules()
{
	local cur=${COMP_WORDS[COMP_CWORD]}
	local prog=${COMP_WORDS[0]}
	local commands="play games validate simulate compare merge replay serve explain list schema bench"
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
		return
	fi
	local cmd=${COMP_WORDS[1]}
	if [[ $cur == -* ]]; then
		local opts
		opts=$("$prog" "$cmd" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		return
	fi
	case $cmd in
	play | validate | simulate | compare | explain | bench)
		local games
		games=$("$prog" list 2>/dev/null | awk '/^[^ ]/ {print $1}')
		COMPREPLY=($(compgen -W "$games" -- "$cur") $(compgen -f -X '!*.yaml' -- "$cur"))
		;;
	replay | merge | serve)
		COMPREPLY=($(compgen -f -- "$cur"))
		;;
	esac
}
complete -o filenames -F _cardrules cardrules
