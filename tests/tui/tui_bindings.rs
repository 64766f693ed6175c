//! The binding table is the truth in every view. Every binding of `BINDINGS` is
//! sent, as a key event, in every context its scope claims (Scope::describe: the inputs, the
//! panes, the key list, each view, the alias editor); the shell must turn it into the binding's
//! action, and the app must act on it (an effect, or a visible change of state), from a state
//! where the command has something to do.

use crate::support;
use support::tui::{act, app_with, click_char, focus, key};

use crossterm::event::Event;
use urlscope::tui::keys::bindings::{Binding, Scope};
use urlscope::tui::keys::keymap::BINDINGS;
use urlscope::tui::model::app::App;
use urlscope::tui::msg::command::Command as Cmd;
use urlscope::tui::msg::{Effect, Focus, Msg, Overlay, Target};
use urlscope::tui::{LaunchOptions, shell};
use urlscope_core::Profile;

/// Edge whitespace (trim), a wrapper and an encoding (three unwrap layers), a tracking parameter
/// (`x`), a host.
const INPUT: &[u8] =
    b" https://www.google.com/url?q=https%253A%252F%252Fexample.org%252Fa%2520b&sa=D&utm_source=y ";

#[derive(Clone, Copy, Debug)]
enum Ctx {
    Main(Focus),
    KeyList,
    View(Overlay),
    Aliases,
    /// A view with a line to type on (the practice view, the compare-with mode).
    Typing(Overlay),
    /// The value editor, on query pair 1.
    Editor,
    /// The link list (its own keymap: Links and Global bindings, typing filters).
    Links,
    /// A lesson's walk, on its second step (its own keymap: Lesson and Global bindings).
    Lesson,
}

impl Ctx {
    /// The scopes whose bindings the help says apply here.
    fn scopes(self) -> &'static [Scope] {
        match self {
            Ctx::Main(f) if f.is_input() => &[Scope::Global, Scope::Input],
            Ctx::Main(_) => &[Scope::Global, Scope::Pane],
            Ctx::KeyList | Ctx::View(_) => &[Scope::Global, Scope::Help],
            Ctx::Aliases => &[Scope::Global, Scope::Aliases],
            Ctx::Typing(_) => &[Scope::Global, Scope::Typing],
            Ctx::Editor => &[Scope::Global, Scope::Editor],
            Ctx::Links => &[Scope::Global, Scope::Links],
            Ctx::Lesson => &[Scope::Global, Scope::Lesson],
        }
    }
}

const CONTEXTS: [Ctx; 20] = [
    Ctx::Main(Focus::Input),
    Ctx::Main(Focus::Base),
    Ctx::Main(Focus::Components),
    Ctx::Main(Focus::Characters),
    Ctx::Main(Focus::Steps),
    Ctx::KeyList,
    Ctx::View(Overlay::Compare),
    Ctx::View(Overlay::Resolve),
    Ctx::View(Overlay::Examples(2)),
    Ctx::View(Overlay::Host),
    Ctx::View(Overlay::Unwrap(1)),
    Ctx::View(Overlay::Parsers),
    Ctx::View(Overlay::Findings(1)),
    Ctx::View(Overlay::CopyAs(1)),
    Ctx::Aliases,
    Ctx::Typing(Overlay::Practice(2)),
    Ctx::Typing(Overlay::Same),
    Ctx::Editor,
    Ctx::Links,
    Ctx::Lesson,
];

/// Links for the list (Alt+L, `L`, Esc back to it from a pane).
const LINKS: &[u8] = b"http://a.example/ http://b.example/x http://c.example/y http://d.example/z";

/// A state where every command has something to do: cursors mid-line, scrolls mid-way, an
/// undo and a redo step, inputs before and after in the history.
fn fixture(ctx: Ctx) -> App {
    let opts = LaunchOptions {
        input: Some(INPUT.to_vec()),
        base: b"http://example.com/docs/".to_vec(),
        profile: Some(Profile::Pdf),
        links: Some(
            urlscope_core::links(LINKS, None, &Default::default())
                .links
                .into(),
        ),
        ..Default::default()
    };
    // Reached the way a person would: keys, pastes and clicks.
    let mut a = app_with(&opts, 80, 24);
    // Inputs before and after this one in the history: each pasted into a cleared line.
    let now = a.editing().input().buf.clone();
    for (clear, text) in [
        (true, b"http://earlier/".as_slice()),
        (true, now.as_slice()),
        (true, b"http://later/".as_slice()),
    ] {
        if clear {
            act(&mut a, Cmd::ClearLine);
        }
        act(&mut a, Msg::Paste(text.to_vec()));
    }
    act(&mut a, Cmd::HistoryBack);
    assert_eq!(a.editing().input().buf, now);
    // An undo step and a redo step.
    for c in ['Q', '/'] {
        act(&mut a, Msg::Type(c));
    }
    act(&mut a, Cmd::Undo);
    // Cursors mid-line.
    act(&mut a, Cmd::Home);
    for _ in 0..20 {
        act(&mut a, Cmd::Right);
    }
    focus(&mut a, Focus::Base);
    act(&mut a, Cmd::Home);
    for _ in 0..10 {
        act(&mut a, Cmd::Right);
    }
    // The path row, mid-list: the input's leading space leaves it the one present component,
    // so the copy keys have something to copy; the list scrolled by a row.
    act(&mut a, Msg::Select(Target::Component(5)));
    act(&mut a, Msg::Wheel(Focus::Components, 1));
    act(&mut a, Msg::Select(Target::Step(1)));
    click_char(&mut a, 20);
    assert_eq!(
        (a.editing().input().cursor, a.editing().base().cursor),
        (20, 10)
    );
    assert_eq!(
        (
            a.panes().char_cursor(),
            a.panes().comp_top(),
            a.panes().comp_sel(),
            a.panes().step_sel()
        ),
        (20, 1, 5, 1)
    );
    match ctx {
        Ctx::Main(f) => focus(&mut a, f),
        Ctx::KeyList => {
            focus(&mut a, Focus::Components);
            act(&mut a, Cmd::Help);
            for _ in 0..3 {
                act(&mut a, Cmd::Down);
            }
            assert_eq!(a.panes().help(), Some(3));
        }
        Ctx::View(o) => {
            focus(&mut a, Focus::Components);
            act(&mut a, Cmd::Show(o));
            assert_eq!(a.overlay(), o);
            scroll_a_row(&mut a);
        }
        Ctx::Aliases => {
            focus(&mut a, Focus::Components);
            act(&mut a, Cmd::Show(Overlay::Aliases));
            type_text(&mut a, "alias.example example.com");
        }
        Ctx::Typing(o) => {
            focus(&mut a, Focus::Components);
            act(&mut a, Cmd::Show(o));
            assert_eq!(a.overlay(), o);
            scroll_a_row(&mut a);
            type_text(
                &mut a,
                match o {
                    Overlay::Same => "http://other.example/",
                    _ => "my%20file",
                },
            );
        }
        Ctx::Editor => {
            let first = urlscope::tui::model::rows::selectable_from(&a, 0, 1).unwrap();
            act(&mut a, Msg::Select(Target::Component(first)));
            while urlscope::tui::model::row_edit::editable(&a, a.panes().comp_sel())
                != urlscope::tui::model::row_edit::Editable::Pair(0)
            {
                act(&mut a, Cmd::Down);
            }
            act(&mut a, Cmd::EditRow);
            assert_eq!(a.overlay(), Overlay::Editor);
        }
        Ctx::Links => {
            focus(&mut a, Focus::Components);
            act(&mut a, Cmd::Show(Overlay::Links));
            act(&mut a, Msg::Type('e'));
            act(&mut a, Msg::Type('x'));
            act(&mut a, Cmd::Down);
            assert_eq!(a.overlay(), Overlay::Links);
        }
        Ctx::Lesson => {
            // The PDF lesson's second step (steps to walk both ways).
            let i = urlscope_core::modern::lessons::index_of("pdf").unwrap();
            act(&mut a, Cmd::Show(Overlay::Lesson(i)));
            act(&mut a, Cmd::Right);
            assert_eq!(a.overlay(), Overlay::Lesson(i));
        }
    }
    if matches!(ctx, Ctx::Lesson) {
        // The lesson's own example: its keys walk, the others are refused or act as anywhere.
        return a;
    }
    assert!(
        a.analysis().outcome.steps.len() >= 3,
        "steps to move through: {:?}",
        a.analysis().outcome.steps.len()
    );
    assert!(
        a.analysis().findings.list.len() >= 3,
        "warnings to move through"
    );
    a
}

/// A view that scrolls a text scrolled down (so that the keys up have something to do): a row,
/// or in the unwrap view, where ↑↓ choose the layer, a page of the layer's detail.
fn scroll_a_row(a: &mut App) {
    match a.overlay() {
        Overlay::Compare | Overlay::Resolve | Overlay::Host | Overlay::Parsers | Overlay::Same => {
            act(a, Cmd::Down);
        }
        Overlay::Unwrap(_) => act(a, Cmd::PageDown),
        _ => return,
    }
    assert!(a.overlay_state().top() > 0, "{:?}", a.overlay());
}

/// `text` typed key by key where typed text goes.
fn type_text(a: &mut App, text: &str) {
    for c in text.chars() {
        act(a, Msg::Type(c));
    }
}

/// What a person can see change (the status line is left out: "nothing to do" is no action).
fn fingerprint(a: &App) -> String {
    format!(
        "{:?}|{}|{:?}|{}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{}|{}|{}|{}|{}|{}|{:?}|{}|{:?}|{:?}|{:?}|{}|{:?}|{:?}|{:?}|{:?}",
        a.editing().input().buf,
        a.editing().input().cursor,
        a.editing().base().buf,
        a.editing().base().cursor,
        a.settings().profile(),
        a.settings().pdf_state(),
        a.settings().chosen_classification(),
        a.settings().preview(),
        a.panes().focus(),
        a.overlay(),
        a.panes().help(),
        a.settings().host_aliases(),
        a.overlay_state().top(),
        a.panes().comp_top(),
        a.panes().comp_sel(),
        a.panes().strip_top(),
        a.panes().char_cursor(),
        a.panes().step_sel(),
        a.overlay_state().alias_text().map(|t| &t.buf),
        a.exit().quit(),
        a.editing().other().buf,
        a.overlay_state().practice().map(|p| &p.answer().buf),
        a.overlay_state()
            .practice()
            .map(|p| (p.verdict().is_some(), p.hints(), p.answer_shown())),
        a.exit().quit_armed(),
        a.overlay_state().editor(),
        a.links().map(|l| (l.filter().to_string(), l.sel())),
        a.open_pending(),
        a.exit().answer(),
    ) + &format!(
        "|{:?}|{:?}",
        a.overlay_state().lesson().map(|w| w.step()),
        a.overlay_state()
            .practice()
            .map(|p| (p.lessons(), p.confirm_reset()))
    )
}

/// The key event a binding names.
fn event(b: &Binding) -> Event {
    key(b.code, b.mods)
}

/// The message the binding sends: its command, the same in every context (the app decides
/// what a movement key moves there; `acts_here` and the fingerprint check that it acts).
fn expected(b: &Binding, _ctx: Ctx) -> Msg {
    Msg::Command(b.cmd)
}

/// Commands whose help names where they act, narrower than their scope: Enter acts in the
/// examples, unwrap and warnings views; ←→/Home/End of the panes in the characters pane.
fn acts_here(b: &Binding, ctx: Ctx) -> bool {
    match (b.cmd, ctx) {
        // A lesson refuses what would change its lines or open another view (it says so).
        (c, Ctx::Lesson) if urlscope::tui::model::overlays::lesson::refused_in_lesson(c) => false,
        (Cmd::Choose | Cmd::Hint | Cmd::ShowAnswer | Cmd::ResetProgress, Ctx::Typing(o)) => {
            matches!(o, Overlay::Practice(_))
        }
        (Cmd::Choose, Ctx::View(o)) => matches!(
            o,
            Overlay::Examples(_) | Overlay::Unwrap(_) | Overlay::Findings(_) | Overlay::CopyAs(_)
        ),
        (Cmd::Choose, Ctx::Editor) => true,
        (Cmd::Choose, _) => false,
        // The why text scrolls only when it does not fit (tests/tui/tui_compare.rs checks it).
        (Cmd::WhyUp | Cmd::WhyDown, _) => false,
        (Cmd::Left | Cmd::Right | Cmd::Home | Cmd::End, Ctx::Main(f)) if b.scope == Scope::Pane => {
            f == Focus::Characters
        }
        // The row keys act on the components pane's selected row; the fixture selects the
        // path row, where `d` `<` `>` have no pair or segment to act on and the query is
        // already sorted (tests/tui/tui_edit.rs drives them on pairs and segments).
        (Cmd::EditRow | Cmd::AddItem, Ctx::Main(f)) => f == Focus::Components,
        (Cmd::DeleteItem | Cmd::MoveItemUp | Cmd::MoveItemDown | Cmd::SortQuery, _) => false,
        _ => true,
    }
}

#[test]
fn every_binding_does_what_the_help_says_in_every_scope() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for ctx in CONTEXTS {
        for b in BINDINGS.iter().filter(|b| ctx.scopes().contains(&b.scope)) {
            // The list's own binding of a key comes before the global one (Tab inspects there).
            let shadowed = matches!(ctx, Ctx::Links)
                && b.scope == Scope::Global
                && BINDINGS
                    .iter()
                    .any(|o| o.scope == Scope::Links && o.code == b.code && o.mods == b.mods);
            if shadowed {
                continue;
            }
            let mut a = fixture(ctx);
            if let Cmd::Profile(p) = b.cmd
                && a.settings().profile() == p
            {
                let i = Profile::ALL.iter().position(|&x| x == p).unwrap();
                act(
                    &mut a,
                    Cmd::Profile(Profile::ALL[(i + 1) % Profile::ALL.len()]),
                );
            }
            let actions = shell::messages_for(event(b), &a);
            let want = format!("{:?}", expected(b, ctx));
            let got: Vec<String> = actions.iter().map(|x| format!("{x:?}")).collect();
            if got != [want.clone()] {
                failures.push(format!("{ctx:?} {}: {want} expected, got {got:?}", b.label));
                continue;
            }
            if !acts_here(b, ctx) {
                continue;
            }
            let before = fingerprint(&a);
            let mut effects = Vec::new();
            for x in actions {
                effects.extend(a.update(x));
            }
            let shown = effects.iter().any(|e| !matches!(e, Effect::Analyse(_)));
            shell::run_sync(&mut a, effects);
            if !shown && fingerprint(&a) == before {
                failures.push(format!(
                    "{ctx:?} {} ({}) was ignored; status: {:?}",
                    b.label,
                    b.help,
                    a.status().message()
                ));
            }
            checked += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every binding was tried somewhere.
    assert!(checked > BINDINGS.len(), "{checked}");
}

#[test]
fn ctrl_shift_z_as_tmux_sends_it_is_ctrl_z() {
    // tmux (3.3) and terminals without the kitty keyboard protocol send Ctrl+Shift+Z as 0x1A,
    // which crossterm reports as Ctrl+Z: undo. With the protocol it arrives with Shift: redo.
    use crossterm::event::{KeyCode, KeyModifiers};
    let a = fixture(Ctx::Main(Focus::Components));
    let plain = key(KeyCode::Char('z'), KeyModifiers::CONTROL);
    let shifted = key(
        KeyCode::Char('Z'),
        KeyModifiers::CONTROL | KeyModifiers::SHIFT,
    );
    assert!(matches!(
        shell::messages_for(plain, &a)[..],
        [Msg::Command(Cmd::Undo)]
    ));
    assert!(matches!(
        shell::messages_for(shifted, &a)[..],
        [Msg::Command(Cmd::Redo)]
    ));
}

/// The key bar names, in each place, only keys that do there what it says (the key list's bar
/// said "↓ scroll / next example" and listed Enter, which does nothing there).
#[test]
fn every_key_bar_entry_works_where_it_is_shown() {
    use urlscope::tui::keys::keymap::{self, HELP_BAR, KEY_BAR};
    let mut places: Vec<(Ctx, Vec<(Cmd, &str)>)> = vec![(Ctx::KeyList, HELP_BAR.to_vec())];
    for f in [Focus::Input, Focus::Base, Focus::Components, Focus::Steps] {
        places.push((Ctx::Main(f), KEY_BAR.to_vec()));
    }
    for (o, choose) in [
        (Overlay::Compare, None),
        (Overlay::Examples(2), Some("load")),
        (Overlay::Findings(1), Some("jump there")),
    ] {
        places.push((Ctx::View(o), keymap::view_bar(choose)));
    }
    for (ctx, bar) in places {
        let a = fixture(ctx);
        let open = a.overlay_open();
        for (cmd, short) in bar {
            let Some(b) = keymap::binding_for(cmd, a.panes().focus(), open) else {
                continue;
            };
            let got: Vec<String> = shell::messages_for(event(b), &a)
                .iter()
                .map(|x| format!("{x:?}"))
                .collect();
            let want = format!("{:?}", expected(b, ctx));
            assert_eq!(got, [want], "{ctx:?}: the bar's {} {short}", b.label);
        }
    }
}
