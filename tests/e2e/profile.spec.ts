import { signUpViaApi, uniqueAccount } from "./support/accounts.ts";
import { hydrated } from "./support/hydration.ts";
import { look } from "./support/look.ts";
import { expect, RESEND_ON_RESET, test } from "./support/test.ts";

test.describe("on a 360 px phone, in Marathi", () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test("from progress to the account page; the name changes and the password too", async ({
    page,
    baseURL,
  }, testInfo) => {
    await signUpViaApi(page, baseURL, testInfo);
    await page.goto("/mr/progress");
    await (await hydrated(page.getByRole("link", { name: "तुमचे खाते" }))).click();
    await expect(page).toHaveURL("/mr/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("तुमचे खाते");
    await expect(page.getByText("हेच उपकरण")).toBeVisible();
    await look(page, testInfo, "mr-profile", 360);

    await page.getByLabel("नाव").fill("सई कुलकर्णी");
    await page.getByRole("button", { name: "जतन करा" }).click();
    await expect(page.getByRole("status")).toHaveText("तुमची माहिती जतन झाली.");
    await expect(page.getByLabel("नाव")).toHaveValue("सई कुलकर्णी");

    const passwords = page.getByRole("region", { name: "पासवर्ड बदला" });
    await passwords.getByLabel("सध्याचा पासवर्ड").fill("not-my-password");
    await passwords.getByLabel("नवीन पासवर्ड", { exact: true }).fill("rainy-june-2027");
    await passwords.getByLabel("नवीन पासवर्ड पुन्हा लिहा").fill("rainy-june-2027");
    await passwords.getByRole("button", { name: "पासवर्ड बदला" }).click();
    await expect(passwords.getByText("हा तुमचा सध्याचा पासवर्ड नाही")).toBeVisible();
    await passwords.getByLabel("सध्याचा पासवर्ड").fill(uniqueAccount(testInfo).password);
    await passwords.getByRole("button", { name: "पासवर्ड बदला" }).click();
    await expect(passwords.getByRole("status")).toContainText("तुमचा पासवर्ड बदलला आहे");
  });
});

test.describe("at desktop width, in English, without JavaScript", () => {
  test.use({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });

  test("the data as a file, then the account deleted: refused without the box, done with it", async ({
    page,
    baseURL,
  }, testInfo) => {
    const account = uniqueAccount(testInfo);
    const response = await page.request.post("/api/v1/signup", {
      ...RESEND_ON_RESET,
      data: { ...account, role: 1 },
      headers: { Origin: baseURL ?? "" },
    });
    expect(response.status()).toBe(201);
    await page.goto("/profile");
    await look(page, testInfo, "en-profile", 1280, false);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const file = await (await download).path();
    const data = JSON.parse(await import("node:fs/promises").then((fs) => fs.readFile(file, "utf8")));
    expect(data.account).toMatchObject({ email: account.email });

    const danger = page.getByRole("region", { name: "Delete your account" });
    await danger.getByLabel("Password", { exact: true }).fill(account.password);
    await danger.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("Tick the box to say you understand.")).toBeVisible();
    await danger.getByLabel("Password", { exact: true }).fill(account.password);
    await danger.getByRole("checkbox").check();
    await danger.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL("/?deleted=1");
    await expect(page.getByRole("status")).toContainText(
      "Your account and everything stored with it have been deleted",
    );
    await look(page, testInfo, "en-deleted", 1280, false);
    const me = await page.request.get("/api/v1/me");
    expect((await me.json()).data).toBeNull();
  });
});
