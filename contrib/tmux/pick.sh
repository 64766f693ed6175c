#!/usr/bin/env bash
# urlscope.tmux's key runs this with the urlscope program, the action (copy, paste, open), the
# pane's id and the client's name: it opens a popup over the pane that runs this script again
# without the client, which picks a link of the pane's scrollback and acts on it.
set -u
bin="$1" action="$2" pane="$3"

if [ -n "${4-}" ]; then
	exec tmux display-popup -c "$4" -t "$pane" -E -w 90% -h 80% -T ' urlscope pick ' \
		"$(printf '%q ' "$0" "$bin" "$action" "$pane")"
fi

text="$(mktemp "${TMPDIR:-/tmp}/urlscope-tmux.XXXXXX")" || exit 1
trap 'rm -f "$text"' EXIT
# -J joins the lines the terminal wrapped, so a long link is one link; -S - from the history's
# first line.
tmux capture-pane -J -p -S - -t "$pane" >"$text"

link="$("$bin" pick "$text")"
status=$?
[ "$status" -eq 0 ] || exit 0 # nothing chosen (1: no link, 130: cancelled)
[ -n "$link" ] || exit 0

case "$action" in
paste)
	# Into the pane as typed text (bracketed when the program there asked for it).
	tmux set-buffer -b urlscope -- "$link"
	tmux paste-buffer -p -d -b urlscope -t "$pane"
	;;
open)
	opener="${BROWSER:-}"
	if [ -z "$opener" ]; then
		case "$(uname)" in
		Darwin) opener=open ;;
		*) opener=xdg-open ;;
		esac
	fi
	nohup "$opener" "$link" >/dev/null 2>&1 &
	tmux display-message "urlscope: opened with $opener"
	;;
*)
	# The tmux buffer, and the system clipboard too when tmux's set-clipboard allows it.
	tmux set-buffer -w -- "$link"
	tmux display-message "urlscope: copied"
	;;
esac
