package org.velvetrope.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;

/** Debian's Chromium, headless, driven by Playwright; screenshots go to the e2e output folder. */
final class Chromium implements AutoCloseable {

    final Playwright playwright;
    final Browser browser;

    Chromium() {
        playwright = Playwright.create();
        browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
                .setExecutablePath(Paths.get("/usr/bin/chromium")).setHeadless(true)
                .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
                        "--autoplay-policy=no-user-gesture-required")));
    }

    static Path output() {
        Path dir = Path.of(System.getProperty("velvet.e2e.output", "target/e2e"));
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void screenshot(Page page, String name) {
        page.screenshot(new Page.ScreenshotOptions().setPath(output().resolve(name + ".png")).setFullPage(true));
    }

    @Override
    public void close() {
        browser.close();
        playwright.close();
    }
}
