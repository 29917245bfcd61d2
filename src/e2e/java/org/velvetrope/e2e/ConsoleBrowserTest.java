package org.velvetrope.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;

/** The packaged application and a Chromium for one test class, and signing in through the console's form. */
abstract class ConsoleBrowserTest {

    @TempDir
    static Path dir;

    static VelvetApp app;
    static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        app = VelvetApp.start(dir);
        chromium = new Chromium();
    }

    @AfterAll
    static void stop() throws Exception {
        if (chromium != null) {
            chromium.close();
        }
        if (app != null) {
            app.close();
        }
    }

    Page signIn(BrowserContext context, String user) {
        return signIn(context, user, VelvetApp.PASSWORD);
    }

    Page signIn(BrowserContext context, String user, String password) {
        Page page = context.newPage();
        page.navigate(app.url("/ops/login"));
        page.fill("#j_username", user);
        page.fill("#j_password", password);
        page.click("section.login button[type=submit]");
        page.waitForURL(app.url("/ops"));
        assertThat(page.locator(".console-nav .who")).hasText(user);
        return page;
    }

    /** Accepts every confirmation the page asks for and keeps the questions. */
    static List<String> acceptDialogs(Page page) {
        List<String> questions = new ArrayList<>();
        page.onDialog(dialog -> {
            questions.add(dialog.type() + ": " + dialog.message());
            dialog.accept();
        });
        return questions;
    }
}
