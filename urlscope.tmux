#!/usr/bin/env bash
# urlscope's tmux plugin: a key opens `urlscope pick` in a popup over the pane's scrollback
# (wrapped lines joined); the chosen link is copied, pasted into the pane, or opened.
#
# With TPM:        set -g @plugin 'urlscope/urlscope'
# Without TPM:     run-shell /path/to/urlscope/urlscope.tmux
# Options (set them before the plugin line):
#   @urlscope-key     the key after the prefix (default: u)
#   @urlscope-action  copy (default), paste (into the pane), or open (in the browser)
#   @urlscope-bin     the urlscope program (default: urlscope on $PATH)
# Needs tmux 3.2 or later (display-popup). docs/config.md has the details.

dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

option() {
	local value
	value="$(tmux show-option -gqv "$1")"
	printf '%s' "${value:-$2}"
}

key="$(option @urlscope-key u)"
action="$(option @urlscope-action copy)"
case "$action" in
copy | paste | open) ;;
*)
	tmux display-message "urlscope.tmux: @urlscope-action is '$action'; the choices are copy, paste, open"
	action=copy
	;;
esac
bin="$(option @urlscope-bin urlscope)"

# tmux expands #{pane_id} and #{client_name} in run-shell's command (not in display-popup's),
# so the script is started by run-shell and opens the popup itself.
tmux bind-key "$key" run-shell -b \
	"$(printf '%q ' "$dir/contrib/tmux/pick.sh" "$bin" "$action")'#{pane_id}' '#{client_name}'"
