// The address tab's page part: an address with its kind, a constraint with its engine and the
// versions to test, answered on every input. Loaded when the tab is first opened (it brings
// @tofukit/registry).
import {
  type AddressKind,
  type ConstraintEngine,
  constraintAnswer,
  sourceAnswer,
  versionList,
} from "./address-check.js";
import { el } from "./dom.js";
import type { AddressState } from "./hash-state.js";
import type { Messages } from "./messages.js";

function select(
  testid: string,
  label: string,
  options: readonly (readonly [string, string])[],
): HTMLSelectElement {
  const node = el("select", { "data-testid": testid, "aria-label": label });
  for (const [value, text] of options) node.append(el("option", { value }, text));
  return node;
}

function input(testid: string, label: string, value: string): HTMLInputElement {
  return el("input", {
    type: "text",
    value,
    "data-testid": testid,
    "aria-label": label,
    spellcheck: "false",
  });
}

function rows(list: HTMLDListElement, pairs: readonly (readonly [string, string])[], ok: boolean): void {
  list.replaceChildren(...pairs.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
  list.dataset.state = ok ? "valid" : "invalid";
}

/** What the page does with a mounted tab: read its inputs, or set them (from a shared address). */
export interface AddressTab {
  readonly state: () => AddressState;
  readonly set: (state: AddressState) => void;
}

/**
 * Fills `panel` with the address tab; every input is answered at once, and `changed` is told of
 * each edit (the page writes the inputs into its address).
 */
export function mountAddressTab(panel: HTMLElement, m: Messages, changed: () => void): AddressTab {
  const source = input("address-source", m.addressSource, "hashicorp/consul/aws//modules/consul-cluster");
  const kind = select("address-kind", m.addressKind, [
    ["module", m.addressModule],
    ["module-versioned", m.addressModuleVersioned],
    ["provider", m.addressProvider],
  ]);
  const sourceOut = el("dl", { class: "tk-host", "data-testid": "address-source-result" });
  const constraint = input("address-constraint", m.addressConstraint, "~> 1.2, != 1.3.0");
  const engine = select("address-engine", m.addressEngine, [
    ["provider", m.addressProvider],
    ["module", m.addressModule],
  ]);
  const versions = input("address-versions", m.addressVersions, "1.2.0 1.3.0 1.9.1 2.0.0 1.4.0-beta1");
  const constraintOut = el("dl", { class: "tk-host", "data-testid": "address-constraint-result" });

  const showSource = () => {
    const answer = sourceAnswer(source.value, kind.value as AddressKind);
    rows(sourceOut, answer.ok ? answer.rows : [[m.diagnostics, answer.error]], answer.ok);
  };
  const showConstraint = () => {
    const answer = constraintAnswer(
      constraint.value,
      engine.value as ConstraintEngine,
      versionList(versions.value),
    );
    if (!answer.ok) return rows(constraintOut, [[m.diagnostics, answer.error]], false);
    rows(
      constraintOut,
      [
        ["toString()", answer.canonical],
        ...answer.tests.map(
          (t) =>
            [
              t.version,
              t.allowed === undefined ? t.error! : t.allowed ? m.addressAllowed : m.addressNotAllowed,
            ] as const,
        ),
      ],
      true,
    );
  };
  const edited = (show: () => void) => () => {
    show();
    changed();
  };
  source.addEventListener("input", edited(showSource));
  kind.addEventListener("change", edited(showSource));
  for (const node of [constraint, versions]) node.addEventListener("input", edited(showConstraint));
  engine.addEventListener("change", edited(showConstraint));

  panel.replaceChildren(
    el("h3", { class: "tk-label" }, m.addressSource),
    el("div", { class: "tk-toolbar" }, kind, source),
    sourceOut,
    el("h3", { class: "tk-label" }, m.addressConstraint),
    el("div", { class: "tk-toolbar" }, engine, constraint),
    el("label", { class: "tk-label" }, m.addressVersions),
    versions,
    constraintOut,
  );
  showSource();
  showConstraint();
  return {
    state: () => ({
      source: source.value,
      kind: kind.value as AddressKind,
      constraint: constraint.value,
      engine: engine.value as ConstraintEngine,
      versions: versions.value,
    }),
    set: (state) => {
      source.value = state.source;
      kind.value = state.kind;
      constraint.value = state.constraint;
      engine.value = state.engine;
      versions.value = state.versions;
      showSource();
      showConstraint();
    },
  };
}
