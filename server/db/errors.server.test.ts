import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors.server.ts";

describe("isDatabaseUnavailable", () => {
  it("counts a refused or dropped connection, and a database closed to connections, as an outage", () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("x", { cause: Object.assign(new Error("ended"), { code: "CONNECTION_ENDED" }) })),
    ).toBe(true);
    // What PostgreSQL answers while `allow_connections` is false (SQLSTATE 55000, a class shared with other errors).
    const closed = Object.assign(new Error('database "ps" is not currently accepting connections'), { code: "55000" });
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: closed }))).toBe(true);
  });

  it("does not count a bug or bad data", () => {
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("object not in prerequisite state"), { code: "55000" }))).toBe(
      false,
    );
  });
});
