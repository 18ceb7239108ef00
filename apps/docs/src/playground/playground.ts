// The playground page: two HCL editors (a type constraint and a value, or a module's variables.tf
// and terraform.tfvars), their result as `tofu console` shows it, cty JSON, the type string and the
// defaults, diagnostics listed with OpenTofu's texts and underlined in the editors, and a hostname /
// TF_TOKEN_ converter. The state lives in the URL hash. Nothing here talks to a server.
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { type Diagnostic as EditorDiagnostic, lintGutter, setDiagnostics } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { drawSelection, EditorView, keymap, lineNumbers } from "@codemirror/view";
import { type Diagnostic, type Range, sourceless } from "@tofukit/hcl";
import type { AddressTab } from "./address-tab.js";
import { checkValue, TYPE_FILE, VALUE_FILE, type ValueCheck } from "./check-value.js";
import { diagnosticText } from "./diagnostic-text.js";
import { el } from "./dom.js";
import {
  type AddressState,
  addressFromHash,
  hashOfAddress,
  hashOfState,
  type PlaygroundState,
  stateFromHash,
} from "./hash-state.js";
import { hclHighlighting } from "./hcl-language.js";
import { type Lang, type Messages, messages } from "./messages.js";
import { FILES_EDITOR, splitFiles, TFVARS_FILE } from "./module-files.js";
import { presets } from "./presets.js";
import { sourceOffset } from "./source-offset.js";

type Mode = PlaygroundState["mode"];

/** Where a diagnostic's file is: in which editor, its text, and where that text starts there. */
interface FilePlace {
  readonly editor: 0 | 1;
  readonly source: string;
  readonly offset: number;
}

/** What each mode shows: its editors' labels, where its files are, and how its two texts are checked. */
interface ModeSpec {
  readonly labels: readonly [string, string];
  readonly locate: (filename: string, texts: readonly [string, string]) => FilePlace | undefined;
  readonly check: Check;
  readonly state: (first: string, second: string) => PlaygroundState;
  readonly texts: (state: PlaygroundState) => readonly [string, string];
}

/** A check answers at once, or once what it needs is loaded (the module mode's function groups). */
type Check = (first: string, second: string) => ValueCheck | Promise<ValueCheck>;

/** The module mode's checker, loaded on first use: it brings @tofukit/config. */
let moduleCheck: Check | null = null;
async function loadModuleMode(): Promise<void> {
  moduleCheck ??= (await import("./module-mode.js")).checkModule;
}

function modeSpecs(m: Messages): Record<Mode, ModeSpec> {
  return {
    value: {
      labels: [m.typeEditor, m.valueEditor],
      locate: (filename, texts) => {
        const i = [TYPE_FILE, VALUE_FILE].indexOf(filename);
        return i < 0 ? undefined : { editor: i as 0 | 1, source: texts[i as 0 | 1], offset: 0 };
      },
      check: checkValue,
      state: (type, value) => ({ mode: "value", type, value }),
      texts: (s) => (s.mode === "value" ? [s.type, s.value] : ["", ""]),
    },
    module: {
      labels: [m.variablesEditor, m.tfvarsEditor],
      // The configuration editor holds one file, or many after `# file:` lines.
      locate: (filename, texts) => {
        if (filename === TFVARS_FILE) return { editor: 1, source: texts[1], offset: 0 };
        if (filename === FILES_EDITOR) return { editor: 0, source: texts[0], offset: 0 };
        const file = splitFiles(texts[0]).files.find((f) => f.path === filename);
        return file === undefined ? undefined : { editor: 0, source: file.text, offset: file.offset };
      },
      check: (variables, tfvars) => moduleCheck!(variables, tfvars),
      state: (variables, tfvars) => ({ mode: "module", variables, tfvars }),
      texts: (s) => (s.mode === "module" ? [s.variables, s.tfvars] : ["", ""]),
    },
  };
}

/**
 * How long after the last edit the address is rewritten. Rewriting it costs Chromium about 3 ms
 * (a same-document navigation) and it throttles pages that do it too often, so typing rewrites it
 * once it pauses, not on every keystroke; choosing a preset or a mode rewrites it at once.
 */
const HASH_DELAY_MS = 300;

/** When an update writes the state into the address: at once, once typing pauses, or not at all. */
type HashWrite = "now" | "soon" | "never";

/** Checks quicker than this run as soon as an edit is made; slower ones wait for typing to pause. */
const QUICK_CHECK_MS = 8;
/** The longest pause in typing a slow check waits for. */
const SLOW_CHECK_PAUSE_MS = 250;

/**
 * Sets an output's text only when it changed: a keystroke that leaves the answer as it was (a
 * space, a newline) then costs the page no new layout of the outputs.
 */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * A diagnostic's range as editor offsets (its file's text starting at `place.offset` of the
 * editor's); an empty range widens to one character so it shows.
 */
function editorDiagnostic(
  diag: Diagnostic & { readonly subject: Range },
  place: FilePlace,
  editorText: string,
): EditorDiagnostic {
  let from = place.offset + sourceOffset(place.source, diag.subject.start);
  let to = Math.max(from, place.offset + sourceOffset(place.source, diag.subject.end));
  if (from === to) {
    if (to < editorText.length) to++;
    else if (from > 0) from--;
  }
  return {
    from,
    to,
    severity: diag.severity === "error" ? "error" : "warning",
    message: diag.detail === "" ? diag.summary : `${diag.summary}: ${diag.detail}`,
  };
}

/** Mounts the playground into `root`; resolves to what unmounts it. */
export async function mountPlayground(root: HTMLElement, lang: Lang): Promise<() => void> {
  const m = messages[lang];
  const specs = modeSpecs(m);
  const initial = stateFromHash(location.hash) ?? presets[0]!.state;
  let mode: Mode = initial.mode;
  const remembered = new Map<Mode, PlaygroundState>();
  for (const p of [...presets].reverse()) remembered.set(p.state.mode, p.state);
  remembered.set(mode, initial);

  const tabs = el("div", { class: "tk-tabs", role: "tablist" });
  const presetSelect = el("select", { "data-testid": "playground-preset", "aria-label": m.presets });
  presetSelect.append(el("option", { value: "" }, `${m.presets}…`));
  for (const p of presets) presetSelect.append(el("option", { value: p.id }, m.presetNames[p.id] ?? p.id));
  const labels = [el("label", { class: "tk-label" }), el("label", { class: "tk-label" })] as const;
  const hosts = [el("div", { class: "tk-editor" }), el("div", { class: "tk-editor" })] as const;
  const result = el("pre", { class: "tk-out", "data-testid": "playground-result" });
  const diagnostics = el("pre", {
    class: "tk-out tk-diags",
    "data-testid": "playground-diagnostics",
    "data-empty": m.noDiagnostics,
  });
  const json = el("pre", { class: "tk-out", "data-testid": "playground-json" });
  const typeOut = el("pre", { class: "tk-out", "data-testid": "playground-type" });
  const defaultsOut = el("pre", {
    class: "tk-out",
    "data-testid": "playground-defaults",
    "data-empty": m.noDefaults,
  });
  const timing = el("p", { class: "tk-timing", "data-testid": "playground-timing" });

  const hostInput = el("input", {
    type: "text",
    value: "Bücher.example",
    "data-testid": "hostname-input",
    "aria-label": m.hostHint,
    placeholder: m.hostHint,
    spellcheck: "false",
  });
  const hostOut = el("dl", { class: "tk-host", "data-testid": "hostname-result" });

  const addressPanel = el("div", { class: "tk-address", "data-testid": "address-panel", role: "tabpanel" });
  addressPanel.hidden = true;
  const columns = el(
    "div",
    { class: "tk-columns" },
    el(
      "div",
      { class: "tk-inputs" },
      labels[0],
      hosts[0],
      labels[1],
      hosts[1],
      el("p", { class: "tk-hint" }, m.share),
    ),
    el(
      "div",
      { class: "tk-outputs" },
      el("h3", {}, m.result),
      result,
      el("h3", {}, m.diagnostics),
      diagnostics,
      el("h3", {}, m.typeString),
      typeOut,
      el("h3", {}, m.defaults),
      defaultsOut,
      el("h3", {}, m.json),
      json,
      timing,
    ),
  );
  root.replaceChildren(
    el(
      "div",
      { class: "tk-playground" },
      el("div", { class: "tk-toolbar" }, tabs, presetSelect),
      columns,
      addressPanel,
      el("h2", { class: "tk-host-title" }, m.hostTitle),
      hostInput,
      hostOut,
    ),
  );

  // An edit is checked in the same task when checks are quick, so the result is in the frame that
  // shows the keystroke. When they are slow (a large value), checking after every keystroke would
  // hold each one up for a whole check: the check waits instead until typing pauses for as long as
  // the last check took (at most SLOW_CHECK_PAUSE_MS), and the keystrokes typed meanwhile are
  // checked once, together.
  let pending = false;
  let pause: ReturnType<typeof setTimeout> | undefined;
  let lastCheckMs = 0;
  const run = () => {
    pending = false;
    pause = undefined;
    void update("soon");
  };
  const schedule = () => {
    if (lastCheckMs >= QUICK_CHECK_MS) {
      clearTimeout(pause);
      pending = true;
      pause = setTimeout(run, Math.min(lastCheckMs, SLOW_CHECK_PAUSE_MS));
      return;
    }
    if (pending) return;
    pending = true;
    queueMicrotask(run);
  };
  const views = hosts.map(
    (parent, i) =>
      new EditorView({
        parent,
        state: EditorState.create({
          doc: "",
          extensions: [
            lineNumbers(),
            history(),
            drawSelection(),
            keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
            hclHighlighting(),
            lintGutter(),
            EditorView.contentAttributes.of({ "data-testid": `playground-editor-${i}` }),
            EditorView.updateListener.of((u) => {
              if (u.docChanged && !loading) schedule();
            }),
          ],
        }),
      }),
  );
  let loading = false;
  let revision = 0;
  const underlined = [0, 0];

  let checks = 0;
  let unmounted = false;
  /**
   * Checks the editors' texts and shows the answer; a later update, or unmounting, supersedes one
   * still loading.
   */
  function update(writeHash: HashWrite): void | Promise<void> {
    const spec = specs[mode];
    const texts = [views[0]!.state.doc.toString(), views[1]!.state.doc.toString()] as const;
    const started = performance.now();
    const current = ++checks;
    const answer = spec.check(texts[0], texts[1]);
    if (!(answer instanceof Promise))
      return show(spec, texts, answer, performance.now() - started, writeHash);
    return answer.then(
      (check) => {
        if (current === checks && !unmounted)
          show(spec, texts, check, performance.now() - started, writeHash);
      },
      (error: unknown) => {
        if (current !== checks || unmounted) return;
        const summary = error instanceof Error ? error.message : String(error);
        show(spec, texts, { diagnostics: [sourceless("error", summary, "")] }, 0, writeHash);
      },
    );
  }

  function show(
    spec: ModeSpec,
    texts: readonly [string, string],
    check: ValueCheck,
    elapsed: number,
    writeHash: HashWrite,
  ): void {
    lastCheckMs = elapsed;
    setText(result, check.console ?? "");
    setText(json, check.json === undefined ? "" : `${check.json.value}\n\n${check.json.type}`);
    setText(typeOut, check.typeString ?? "");
    setText(defaultsOut, (check.defaults ?? []).join("\n"));
    const perEditor: EditorDiagnostic[][] = [[], []];
    const listed: string[] = [];
    for (const d of check.diagnostics) {
      const place = d.subject === undefined ? undefined : spec.locate(d.subject.filename, texts);
      listed.push(diagnosticText(d, place?.source));
      if (place !== undefined && d.subject !== undefined)
        perEditor[place.editor]!.push(
          editorDiagnostic({ ...d, subject: d.subject }, place, texts[place.editor]),
        );
    }
    setText(diagnostics, listed.join("\n\n"));
    for (const [i, view] of views.entries()) {
      // An editor that had no diagnostics and has none needs no transaction (and no new layout).
      if (perEditor[i]!.length === 0 && underlined[i] === 0) continue;
      view.dispatch(setDiagnostics(view.state, perEditor[i]!));
      underlined[i] = perEditor[i]!.length;
    }
    timing.textContent = m.timing(elapsed.toFixed(1));
    root.dataset.state = check.console === undefined ? "invalid" : "valid";
    // Tests and embedding pages wait for this to change to know the result is the current one.
    root.dataset.revision = String(++revision);
    root.dataset.checkMs = elapsed.toFixed(2);
    const state = spec.state(texts[0], texts[1]);
    remembered.set(mode, state);
    // Once the address tab is open, the address is the tab's.
    if (!addressOpen) writeAddress(state, writeHash);
  }

  const path = location.pathname;
  let hashTimer: ReturnType<typeof setTimeout> | undefined;
  function writeAddress(state: PlaygroundState, when: HashWrite): void {
    writeHash(hashOfState(state), when);
  }
  function writeHash(hash: string, when: HashWrite): void {
    clearTimeout(hashTimer);
    hashTimer = undefined;
    // The page may have been left (a link followed) before a pending write was due.
    const write = () => {
      if (location.pathname === path) window.history.replaceState(window.history.state, "", hash);
    };
    if (when === "now") write();
    else if (when === "soon") hashTimer = setTimeout(write, HASH_DELAY_MS);
  }

  async function load(state: PlaygroundState, writeHash: HashWrite): Promise<void> {
    if (state.mode === "module") await loadModuleMode();
    const spec = specs[state.mode];
    mode = state.mode;
    showTab(false);
    labels.forEach((label, i) => {
      label.textContent = spec.labels[i]!;
    });
    const texts = spec.texts(state);
    loading = true;
    views.forEach((view, i) => {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: texts[i]! } });
    });
    loading = false;
    await update(writeHash);
  }

  // The address tab replaces the editors and their outputs with its own inputs; the editors keep
  // their texts (and the address its state) for when a mode is chosen again.
  let addressOpen = false;
  let addressTab: Promise<AddressTab> | undefined;
  /** Opens the address tab (loading it, with @tofukit/registry, the first time), with `state`'s inputs if given. */
  async function openAddress(state: AddressState | null, when: HashWrite): Promise<void> {
    showTab(true);
    let mounted: AddressTab | undefined;
    addressTab ??= import("./address-tab.js").then(({ mountAddressTab }) => {
      mounted = mountAddressTab(addressPanel, m, () => {
        if (addressOpen && mounted !== undefined) writeHash(hashOfAddress(mounted.state()), "soon");
      });
      return mounted;
    });
    const tab = await addressTab;
    if (unmounted) return;
    if (state !== null) tab.set(state);
    if (addressOpen) writeHash(hashOfAddress(tab.state()), when);
  }
  function showTab(address: boolean): void {
    addressOpen = address;
    columns.hidden = address;
    presetSelect.hidden = address;
    addressPanel.hidden = !address;
    const selected = address ? "address" : mode;
    for (const button of tabs.children) {
      button.setAttribute("aria-selected", String(button.getAttribute("data-mode") === selected));
    }
  }
  for (const which of ["value", "module", "address"] as const) {
    const button = el(
      "button",
      { type: "button", role: "tab", "data-mode": which, "data-testid": `playground-mode-${which}` },
      which === "value" ? m.modeValue : which === "module" ? m.modeModule : m.modeAddress,
    );
    button.addEventListener("click", () => {
      if (which === "address") {
        if (!addressOpen) void openAddress(null, "now");
      } else if (which !== mode) void load(remembered.get(which)!, "now");
      else if (addressOpen) {
        showTab(false);
        writeAddress(remembered.get(mode)!, "now");
      }
    });
    tabs.append(button);
  }
  presetSelect.addEventListener("change", () => {
    const preset = presets.find((p) => p.id === presetSelect.value);
    presetSelect.value = "";
    if (preset !== undefined) void load(preset.state, "now");
  });
  const onHashChange = () => {
    const address = addressFromHash(location.hash);
    if (address !== null) {
      void openAddress(address, "never");
      return;
    }
    const state = stateFromHash(location.hash);
    if (state !== null) void load(state, "never");
  };
  window.addEventListener("hashchange", onHashChange);

  // The hostname converter sits below the editors and brings @tofukit/hostname's Unicode tables
  // (a fifth of the page's JavaScript): it loads once the editors are up.
  let hostNames: Promise<typeof import("./token-names.js")> | undefined;
  const showHost = async () => {
    hostNames ??= import("./token-names.js");
    const { hostAnswer } = await hostNames;
    const answer = hostAnswer(hostInput.value);
    const rows: [string, string][] = answer.ok
      ? [
          [m.hostComparison, answer.comparison],
          [m.hostDisplay, answer.display],
          [m.hostVariable, answer.variable ?? `(${m.hostNoVariable})`],
        ]
      : [[m.diagnostics, answer.error]];
    hostOut.replaceChildren(...rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
    hostOut.dataset.state = answer.ok ? "valid" : "invalid";
  };
  hostInput.addEventListener("input", () => void showHost());

  // Opening a shared address shows its result; the address is rewritten only once something is edited.
  await load(remembered.get(mode)!, "never");
  const sharedAddress = addressFromHash(location.hash);
  if (sharedAddress !== null) await openAddress(sharedAddress, "never");
  root.dataset.ready = "true";
  void showHost();

  return () => {
    unmounted = true;
    clearTimeout(pause);
    clearTimeout(hashTimer);
    window.removeEventListener("hashchange", onHashChange);
    for (const view of views) view.destroy();
  };
}
