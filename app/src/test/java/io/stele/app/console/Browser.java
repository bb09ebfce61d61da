package io.stele.app.console;

import io.stele.testservers.DebianPackages;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium, driven through Debian's chromedriver by Selenium. Installs both
 * packages when they are missing and the build runs as root; fails, saying how to install them,
 * otherwise. Screenshots go to {@code target/console-screenshots/}.
 */
final class Browser implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

    private final URI base;
    final WebDriver driver;

    Browser(URI base) {
        DebianPackages.require(List.of(CHROMIUM, CHROMEDRIVER), "chromium", "chromium-driver");
        this.base = base;
        ChromeOptions options = new ChromeOptions()
                .setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage")
                .addArguments("--window-size=1280,1000", "--lang=en-US");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .withTimeout(Duration.ofSeconds(60))
                .build();
        this.driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
    }

    /** Opens a page of the registry, by its path. */
    Browser open(String path) {
        driver.get(base.resolve(path).toString());
        return this;
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    String text(String css) {
        return find(css).getText();
    }

    String path() {
        return URI.create(driver.getCurrentUrl()).getPath();
    }

    Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** Waits, up to 30 s, for a page whose path is {@code path} to have loaded. */
    void awaitPath(String path) {
        new WebDriverWait(driver, Duration.ofSeconds(30))
                .withMessage(() -> "a page at " + path + ", still at " + driver.getCurrentUrl())
                .until(d -> path().equals(path) && "complete".equals(script("return document.readyState")));
    }

    /**
     * Clicks {@code control}, or sends it {@code keys} when given (Enter, say), and waits, up to 30 s,
     * for the page that leads to: a link followed or a form submitted.
     */
    void go(WebElement control, CharSequence... keys) {
        script("window.steleLeaving = true");
        if (keys.length == 0) {
            control.click();
        } else {
            control.sendKeys(keys);
        }
        // The mark set above is gone once another document has loaded; asked mid-navigation, the
        // browser may answer with an error, which is retried.
        new WebDriverWait(driver, Duration.ofSeconds(30))
                .ignoring(WebDriverException.class)
                .withMessage(() -> "the next page, still at " + driver.getCurrentUrl())
                .until(d -> Boolean.TRUE.equals(
                        script("return window.steleLeaving === undefined && document.readyState === 'complete'")));
    }

    /** Keeps a screenshot of the page as build output. */
    void screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        byte[] png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
        Files.write(SCREENSHOTS.resolve(name + ".png"), png);
    }

    /** A file with this text, to choose in a file input. */
    static File file(String name, String text) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "console-uploads").toAbsolutePath());
        return Files.writeString(dir.resolve(name), text).toFile();
    }

    @Override
    public void close() {
        driver.quit();
    }
}
