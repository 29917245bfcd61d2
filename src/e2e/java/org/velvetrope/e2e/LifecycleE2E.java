package org.velvetrope.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;

/**
 * The switch-over to VOD in Chromium: PR approves the exact VOD URL on the lifecycle page, someone else in ops takes
 * the event through REPLAY to VOD, and viewers then get the VOD playlist.
 */
class LifecycleE2E extends ConsoleBrowserTest {

    static final String VOD_URL = "https://vod.example.com/e2e/master.m3u8";

    @Test
    void prApprovesOpsSwitchesThroughReplayToVodAndViewersGetTheVod() {
        Map<String, Object> event = TestApi.event(app.uniqueSlug("lifecycle"));
        event.put("state", "LIVE");
        event.put("vodUrl", VOD_URL);
        String slug = app.createEvent(event);
        String pr = app.user("press-office", "pr");
        String ops = app.user("switch-ops", "ops");
        String lifecycleUrl = app.url("/ops/events/" + slug + "/lifecycle");

        try (BrowserContext prContext = chromium.browser.newContext();
                BrowserContext opsContext = chromium.browser.newContext()) {
            Page prPage = signIn(prContext, pr);
            List<String> prQuestions = acceptDialogs(prPage);
            prPage.navigate(lifecycleUrl);
            assertThat(prPage.locator("#state")).hasText("LIVE");
            assertThat(prPage.locator("#vod-url")).hasText(VOD_URL);
            assertThat(prPage.locator("table.approvals tbody tr")).hasText("No approval yet.");
            assertThat(prPage.locator("#to-REPLAY")).hasCount(0);
            assertThat(prPage.locator("#to-VOD")).hasCount(0);
            prPage.fill("#approve-note", "Legal clearance L-" + slug);
            prPage.click("#approve");
            assertThat(prPage.locator("p.notice")).hasText("VOD approved: " + VOD_URL);
            assertEquals(List.of("confirm: Approve this exact VOD URL for the switch-over?\n\nApprove this VOD"),
                    prQuestions);
            Locator approval = prPage.locator("table.approvals tbody tr");
            assertThat(approval).hasCount(1);
            assertThat(approval.locator("td").nth(0)).hasText(VOD_URL);
            assertThat(approval.locator("td").nth(1)).hasText(pr);
            assertThat(approval.locator("td").nth(3)).hasText("standing");
            assertThat(approval.locator("td").nth(4)).hasText("Legal clearance L-" + slug);

            Page opsPage = signIn(opsContext, ops);
            List<String> opsQuestions = acceptDialogs(opsPage);
            opsPage.navigate(lifecycleUrl);
            assertThat(opsPage.locator("#state")).hasText("LIVE");
            assertThat(opsPage.locator("table.approvals tbody tr td").nth(1)).hasText(pr);
            assertThat(opsPage.locator("#approve")).hasCount(0);
            assertThat(opsPage.locator("#to-REPLAY")).isVisible();
            assertThat(opsPage.locator("#to-VOD")).isVisible();

            opsPage.fill("#state-reason", "Live part over, replay until the edit is out (" + slug + ")");
            opsPage.click("#to-REPLAY");
            assertThat(opsPage.locator("p.notice")).hasText("The event is now REPLAY.");
            assertThat(opsPage.locator("#state")).hasText("REPLAY");
            assertThat(opsPage.locator("#to-REPLAY")).hasCount(0);

            opsPage.fill("#state-reason", "Edited VOD cleared by PR (" + slug + ")");
            opsPage.click("#to-VOD");
            assertThat(opsPage.locator("p.notice")).hasText("The event is now VOD.");
            assertThat(opsPage.locator("#state")).hasText("VOD");
            assertThat(opsPage.locator("p.error")).hasCount(0);
            assertEquals(List.of("confirm: Change the event's state?\n\nGo to REPLAY",
                    "confirm: Change the event's state?\n\nGo to VOD"), opsQuestions);
            Chromium.screenshot(opsPage, "lifecycle");
        }

        try (BrowserContext viewerContext = chromium.browser.newContext()) {
            // The VOD host is made up: keep the player from reaching out to it.
            viewerContext.route("https://vod.example.com/**", route -> route.abort());
            Page viewer = viewerContext.newPage();
            Response landing = viewer.navigate(app.url("/events/" + slug));
            assertEquals(200, landing.status());
            assertThat(viewer.locator("#player")).hasAttribute("data-src", VOD_URL);
            assertThat(viewer.locator("figure.player figcaption")).containsText("On demand");
            assertThat(viewer.locator("p.fallback a")).hasAttribute("href", VOD_URL);
        }

        app.anonymous().redirects().follow(false).get("/events/" + slug + "/live.m3u8").then().statusCode(302)
                .header("Location", VOD_URL);
        app.admin().get("/api/events/" + slug + "/report.json").then().statusCode(200)
                .body("state", equalTo("VOD")).body("vodSwitch.vodUrl", equalTo(VOD_URL))
                .body("vodSwitch.approvedBy", equalTo(pr)).body("vodSwitch.executedBy", equalTo(ops));
    }
}
