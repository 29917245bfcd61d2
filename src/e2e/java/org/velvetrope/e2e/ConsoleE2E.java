package org.velvetrope.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;

/** The ops console in Chromium: sign-in, the live dashboard, a clamp with its confirmation, roles, the audit. */
class ConsoleE2E extends ConsoleBrowserTest {

    static final String ERROR_TEXT = "Sign-in failed: the user name or password is not right, or the account is disabled.";

    String freshEvent() {
        return app.createEvent(TestApi.event(app.uniqueSlug("console")));
    }

    @Test
    void opsClampsARegionAndAnotherConsoleSeesItLiveAndInTheAudit() throws Exception {
        String slug = freshEvent();
        String ops = app.user("night-ops", "ops");
        String watcher = app.user("press-desk", "pr");
        String dashboardUrl = app.url("/ops/events/" + slug);
        try (BrowserContext opsContext = chromium.browser.newContext();
                BrowserContext watcherContext = chromium.browser.newContext()) {
            Page watching = signIn(watcherContext, watcher, VelvetApp.PASSWORD);
            watching.navigate(dashboardUrl);
            assertThat(watching.locator("#region-EU")).hasAttribute("data-top", "v6000");

            Page page = opsContext.newPage();
            page.navigate(app.url("/ops/login"));
            assertThat(page.locator("h1")).hasText("Velvet Rope console");
            Chromium.screenshot(page, "login");
            page.fill("#j_username", ops);
            page.fill("#j_password", VelvetApp.PASSWORD);
            page.click("section.login button[type=submit]");
            page.waitForURL(app.url("/ops"));

            page.navigate(dashboardUrl);
            Locator rows = page.locator("table.regions tbody tr");
            assertThat(rows).hasCount(5);
            for (String region : List.of("NA", "EU", "AU", "JP", "ROW")) {
                assertThat(page.locator("#region-" + region + " th")).hasText(region);
            }
            assertThat(page.locator("#region-EU")).hasAttribute("data-top", "v6000");
            assertThat(page.locator("#region-EU td.top")).containsText("1080p");
            Chromium.screenshot(page, "dashboard");

            page.click("#region-EU th a");
            page.waitForURL(dashboardUrl + "/regions/EU");
            assertThat(page.locator("h1")).containsText("region EU");
            String reason = "EU transit at 91 % (e2e " + slug + ")";
            page.fill("#reason", reason);
            Chromium.screenshot(page, "region");

            AtomicReference<String> question = new AtomicReference<>();
            page.onDialog(dialog -> {
                question.set(dialog.message());
                dialog.accept();
            });
            long clicked = System.nanoTime();
            page.click("#clamp");
            watching.waitForSelector("#region-EU[data-top=\"v3000\"]",
                    new Page.WaitForSelectorOptions().setTimeout(15_000));
            long latencyMs = (System.nanoTime() - clicked) / 1_000_000;
            System.out.println("live update latency: " + latencyMs + " ms");
            Files.writeString(Chromium.output().resolve("latency.txt"), latencyMs + " ms\n");

            assertTrue(question.get() != null && question.get().startsWith("Change region EU?"),
                    "the console asks before clamping: " + question.get());
            assertTrue(question.get().contains("Clamp one rung"), question.get());
            page.waitForURL(dashboardUrl + "?changed=EU");
            assertThat(page.locator("p.notice")).hasText("Region EU changed.");
            assertThat(page.locator("#region-EU")).hasAttribute("data-top", "v3000");
            assertThat(page.locator("#region-EU td.top")).containsText("720p");
            assertThat(page.locator("#region-EU td.last")).containsText(reason);
            assertThat(watching.locator("#region-EU td.last")).containsText("by " + ops);
            assertEquals(dashboardUrl, watching.url(), "the watcher's page was not reloaded");
            Chromium.screenshot(page, "dashboard-clamped");

            watching.click(".console-nav a:text-is('Audit')");
            watching.waitForURL(dashboardUrl + "/audit");
            Locator clamp = watching.locator("table.audit tbody tr").filter(new Locator.FilterOptions()
                    .setHasText(reason));
            assertThat(clamp).hasCount(1);
            assertThat(clamp.locator("td")).containsText(new String[] { ops, "CLAMP", "EU", "v6000", "v3000",
                    reason });
            Chromium.screenshot(watching, "audit");

            watching.navigate(dashboardUrl + "/numbers");
            assertThat(watching.locator("#figures h1")).hasText("Test " + slug);
            assertThat(watching.locator("#viewers")).hasText(Pattern.compile("\\d+"));
            assertThat(watching.locator(".per-region li")).hasCount(5);
            Chromium.screenshot(watching, "numbers");
        }
        app.as(ops, VelvetApp.PASSWORD).get("/api/events/" + slug + "/regions/EU").then().statusCode(200)
                .body("top", equalTo("v3000")).body("updatedBy", equalTo(ops));
    }

    @Test
    void prWatchesARegionButHasNoActionsAndIsRefused() {
        String slug = freshEvent();
        String pr = app.user("press", "pr");
        try (BrowserContext context = chromium.browser.newContext()) {
            Page page = signIn(context, pr, VelvetApp.PASSWORD);
            page.navigate(app.url("/ops/events/" + slug + "/regions/EU"));
            assertThat(page.locator("h1")).containsText("region EU");
            assertThat(page.locator("#top")).containsText("1080p");
            assertThat(page.locator("#clamp")).hasCount(0);
            assertThat(page.locator("#act")).hasCount(0);
            assertThat(page.locator("p.hint")).hasText("Your role can watch but not change caps.");
            Chromium.screenshot(page, "region-pr");

            // The form the role does not get, posted anyway with the page's own CSRF token.
            Object status = page.evaluate("async ([url, csrf]) => (await fetch(url, { method: 'POST', body:"
                    + " new URLSearchParams({ csrf, action: 'clamp', reason: 'not mine to do', version: '1' }) }))"
                    + ".status", List.of(app.url("/ops/events/" + slug + "/regions/EU"),
                            page.locator("form.logout input[name=csrf]").inputValue()));
            assertEquals(403, ((Number) status).intValue());
        }
        app.as(pr, VelvetApp.PASSWORD)
                .body(Map.of("top", "v3000", "hard", true, "reason", "not mine to do", "version", 1))
                .put("/api/events/" + slug + "/regions/EU/cap").then().statusCode(403);
        app.admin().get("/api/events/" + slug + "/regions/EU").then().statusCode(200).body("top", equalTo("v6000"))
                .body("version", equalTo(1));
    }

    @Test
    void wrongPasswordAndUnknownUserGetTheSameSignInError() {
        String ops = app.user("day-ops", "ops");
        try (BrowserContext context = chromium.browser.newContext()) {
            Page page = context.newPage();
            String[] messages = new String[2];
            String[][] attempts = { { ops, "not-the-right-password" }, { "nobody-" + ops, VelvetApp.PASSWORD } };
            for (int i = 0; i < attempts.length; i++) {
                page.navigate(app.url("/ops/login"));
                page.fill("#j_username", attempts[i][0]);
                page.fill("#j_password", attempts[i][1]);
                page.click("section.login button[type=submit]");
                page.waitForURL(app.url("/ops/login?error=1"));
                Locator alert = page.locator("section.login [role=alert]");
                assertThat(alert).hasText(ERROR_TEXT);
                messages[i] = alert.textContent();
                if (i == 0) {
                    Chromium.screenshot(page, "login-error");
                }
            }
            assertEquals(messages[0], messages[1], "the error does not tell which part was wrong");
            assertFalse(context.cookies().stream().anyMatch(c -> c.name.equals("vr_session")),
                    "a failed sign-in leaves no session");
            page.navigate(app.url("/ops"));
            page.waitForURL(Pattern.compile(".*/ops/login.*"));
            assertThat(page.locator("section.login [role=alert]")).hasCount(0);
        }
    }
}
