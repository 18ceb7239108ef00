import { describe, expect, it } from "vitest";
import { ServiceIdError } from "./errors.js";
import { parseServiceId } from "./service-id.js";

describe("parseServiceId follows opentofu/svchost: v plus an unsigned integer", () => {
  it.each([
    ["modules.v1", "modules", 1n],
    ["modules.v01", "modules", 1n],
    ["providers.v18446744073709551615", "providers", 18446744073709551615n],
    ["tfe.v2.1", "tfe", 2n],
    ["tfe.v2.anything", "tfe", 2n],
    [".v1", "", 1n],
  ])("%s has name %j and version %s", (id, name, version) => {
    expect(parseServiceId(id)).toEqual({ name, version });
  });

  it.each(["modules", ""])("refuses %j without a dot", (id) => {
    const error = (() => {
      try {
        parseServiceId(id);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ServiceIdError);
    expect(error).toMatchObject({
      code: "TOFUKIT_DISCO_INVALID_SERVICE_ID",
      message: `invalid service ID format (i.e. service.vN): ${id}`,
    });
  });

  it.each([
    "modules.",
    "modules.1",
    "modules.v",
    "modules.V1",
    "modules.v1.0",
    "modules.v+1",
    "modules.v-1",
    "modules.v1beta",
    "modules.v1_0",
    "modules.v18446744073709551616",
    "tfe.vX.1",
    "a.b.v1",
  ])("refuses the version of %j", (id) => {
    expect(() => parseServiceId(id)).toThrow(
      expect.objectContaining({
        code: "TOFUKIT_DISCO_INVALID_SERVICE_VERSION",
        message: 'invalid service version: must be "v" followed by an integer major version number',
      }),
    );
  });
});
