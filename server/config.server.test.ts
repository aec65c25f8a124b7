import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server.ts";

describe("loadConfig", () => {
  it("has working defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      siteUrl: "http://localhost:3000",
      dataDir: "./data",
      logLevel: "info",
      samplePapers: false,
      testClock: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it("accepts good values and trims a trailing slash from SITE_URL", () => {
    const config = loadConfig({
      PORT: "8080",
      SITE_URL: "https://paperstation.in/",
      DATA_DIR: "/var/lib/ps",
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
      REDIS_URL: "redis://127.0.0.1:6379",
      LOG_LEVEL: "warn",
      SAMPLE_PAPERS: "1",
      TEST_CLOCK: "1",
    });
    expect(config).toMatchObject({
      port: 8080,
      siteUrl: "https://paperstation.in",
      dataDir: "/var/lib/ps",
      databaseUrl: "postgres://postgres@127.0.0.1:5432/test",
      redisUrl: "redis://127.0.0.1:6379",
      logLevel: "warn",
      samplePapers: true,
      testClock: true,
    });
  });

  it("defaults SITE_URL to the port", () => {
    expect(loadConfig({ PORT: "4000" }).siteUrl).toBe("http://localhost:4000");
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SITE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["SITE_URL", "ftp://example.com"],
    ["SITE_URL", "not a url"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["REDIS_URL", "http://localhost:6379"],
    ["LOG_LEVEL", "loud"],
    ["SAMPLE_PAPERS", "yes"],
    ["TEST_CLOCK", "true"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it("trusts no proxy by default, and reads a hop count or a list of proxies", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1" }).trustProxy).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
  });

  it.each(["yes", "10.0.0.0/40", "1.2.3", "loopback,", "256.1.1.1", "-1"])(
    "refuses TRUST_PROXY=%s, naming it",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it("says whether the site is served over https", () => {
    expect(loadConfig({}).https).toBe(false);
    expect(loadConfig({ SITE_URL: "https://paperstation.in" }).https).toBe(true);
  });

  it("reads the sign-in limits, and refuses nonsense", () => {
    expect(loadConfig({}).loginLimits).toEqual({ perAccount: 10, perIp: 30 });
    expect(loadConfig({ LOGIN_LIMIT_PER_IP: "300" }).loginLimits.perIp).toBe(300);
    expect(() => loadConfig({ LOGIN_LIMIT_PER_IP: "0" })).toThrow(/LOGIN_LIMIT_PER_IP/);
    expect(() => loadConfig({ LOGIN_LIMIT_PER_ACCOUNT: "many" })).toThrow(/LOGIN_LIMIT_PER_ACCOUNT/);
  });

  it("takes SMTP_URL and MAIL_FROM together or not at all (the outbox)", () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    const both = loadConfig({ SMTP_URL: "smtps://user:pass@mail.example.com:465", MAIL_FROM: "PaperStation <a@b.in>" });
    expect(both).toMatchObject({
      smtpUrl: "smtps://user:pass@mail.example.com:465",
      mailFrom: "PaperStation <a@b.in>",
    });
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:25", MAIL_FROM: "a@b.in" }).mailFrom).toBe("a@b.in");
    expect(() => loadConfig({ SMTP_URL: "smtp://127.0.0.1:25" })).toThrow(/SMTP_URL and MAIL_FROM go together/);
    expect(() => loadConfig({ MAIL_FROM: "a@b.in" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com", MAIL_FROM: "a@b.in" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: "smtp://x", MAIL_FROM: "not an address" })).toThrow(/MAIL_FROM/);
  });
});
