package io.stele.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * Walks the console's reading tasks in a real browser (Debian's headless Chromium) against the
 * packaged registry on the embedded default: the overview, finding artifacts, an artifact's page, a
 * version's highlighted content, a diff, and a check that stores nothing; by keyboard alone, and at
 * the width 200 % zoom leaves. Keeps a screenshot of each main page.
 */
class ConsoleBrowserIT extends ConsoleWalk {

    @BeforeAll
    static void start() throws Exception {
        begin("console-read-", true);
    }

    @Test
    void root_sendsABrowserToTheConsole() {
        browser.open("/");
        browser.awaitPath("/ui");
        assertThat(browser.driver.getTitle()).isEqualTo("Overview · Stele");
    }

    @Test
    void overview_showsBackendReadinessCountsAndCacheUse() throws Exception {
        browser.open("/api/artifacts/orders").open("/api/artifacts/orders"); // one miss, then a hit
        browser.open("/ui");
        assertThat(browser.text("#backend")).isEqualTo("embedded");
        assertThat(browser.text("#readiness")).isEqualTo("Ready");
        assertThat(browser.text("#artifact-count")).matches("-|[0-9,]+");
        assertThat(browser.all("#caches tbody tr")).isNotEmpty();
        assertThat(browser.text("#caches")).containsPattern("\\d+\\.\\d %");
        browser.screenshot("overview");
    }

    @Test
    void search_findsByTextLabelAndType_andPages() throws Exception {
        browser.open("/ui/artifacts");
        browser.go(browser.find("#q"), "batch", Keys.ENTER);
        assertThat(browser.text("#result-count")).isEqualTo(ConsoleFixture.BULK + " artifacts found.");
        assertThat(browser.all("#results tbody tr")).hasSize(Console.PAGE_SIZE);
        browser.screenshot("search");
        browser.go(browser.find("a[rel=next]"));
        assertThat(browser.all("#results tbody tr")).hasSize(ConsoleFixture.BULK - Console.PAGE_SIZE);
        assertThat(browser.text(".paging")).contains("21–25 of 25");

        search("team-batch", "labels", "");
        assertThat(browser.text("#result-count")).isEqualTo(ConsoleFixture.BULK + " artifacts found.");
        search("team-batch", "name", "");
        assertThat(browser.text("#result-count")).isEqualTo("0 artifacts found.");
        search("", "everything", "PROTOBUF");
        assertThat(ids()).containsExactly("payments-proto");
        search("sales", "labels", "AVRO");
        assertThat(ids()).containsExactly("orders");
        search("sales", "labels", "JSON");
        assertThat(browser.text("#result-count")).isEqualTo("0 artifacts found.");
    }

    @Test
    void artifactPage_showsVersionsMetadataRulesAndReferrers() throws Exception {
        browser.open("/ui/artifacts/orders");
        assertThat(browser.driver.getTitle()).isEqualTo("orders (AVRO) · Stele");
        assertThat(browser.all("#versions tbody tr")).hasSize(2);
        assertThat(browser.text("#versions")).contains("ENABLED").containsPattern("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d");
        assertThat(browser.text("#artifact-description")).isEqualTo("Orders placed in the shop");
        assertThat(browser.all("#artifact-labels li"))
                .extracting(WebElement::getText)
                .containsExactly("sales", "core");
        assertThat(new Select(browser.find("#rule-compatibility"))
                        .getFirstSelectedOption()
                        .getText())
                .isEqualTo("BACKWARD");
        assertThat(new Select(browser.find("#rule-validity"))
                        .getFirstSelectedOption()
                        .getText())
                .isEqualTo("Not set");
        assertThat(browser.text("#confluent-level")).isEqualTo("BACKWARD");
        assertThat(browser.text("#referrers")).isEqualTo("order-line version 1");
        browser.screenshot("artifact");
        browser.open("/ui/artifacts/payments-proto");
        assertThat(browser.text("#confluent-level")).as("Confluent's default").isEqualTo("BACKWARD");
    }

    @Test
    void versionPage_prettyPrintsAndHighlightsEachFormat() throws Exception {
        browser.open("/ui/artifacts/orders/versions/2");
        assertThat(browser.text("#content")).startsWith("{\n  \"type\" : \"record\"");
        assertThat(tokens("key")).contains("\"fields\"", "\"default\"");
        assertThat(tokens("str")).contains("\"record\"", "\"shop\"");
        browser.screenshot("version");
        browser.open("/ui/artifacts/customer-json/versions/1");
        assertThat(tokens("key")).contains("\"$schema\"", "\"properties\"");
        browser.open("/ui/artifacts/payments-proto/versions/1");
        assertThat(tokens("kw")).contains("syntax", "package", "message");
        assertThat(tokens("typ")).contains("string", "int64");
        assertThat(tokens("com")).containsExactly("// A payment taken at the till");
        browser.open("/ui/artifacts/shop-openapi/versions/1");
        assertThat(tokens("key")).contains("openapi", "info", "  title");
        browser.open("/ui/artifacts/events-asyncapi/versions/1");
        assertThat(tokens("key")).contains("asyncapi", "channels");
        browser.open("/ui/artifacts/order-line/versions/1");
        assertThat(browser.text("#references")).isEqualTo("shop.Order: orders version 2");
    }

    @Test
    void diff_showsTwoVersionsSideBySide() throws Exception {
        browser.open("/ui/artifacts/orders");
        browser.go(browser.find("a[href$='/diff']"));
        browser.awaitPath("/ui/artifacts/orders/diff");
        assertThat(browser.text("#diff-summary")).isEqualTo("4 lines differ.");
        List<WebElement> added = browser.all("#diff tr.added td.right code");
        assertThat(added).extracting(WebElement::getText).contains("    \"name\" : \"note\",");
        assertThat(browser.all("#diff tr.removed")).isEmpty();
        browser.screenshot("diff");
        new Select(browser.find("#from")).selectByVisibleText("2");
        new Select(browser.find("#to")).selectByVisibleText("1");
        browser.go(browser.find("form.inline button"));
        assertThat(browser.driver.getCurrentUrl()).endsWith("from=2&to=1");
        assertThat(browser.all("#diff tr.removed td.left")).hasSize(4);
    }

    @Test
    void check_listsEachIncompatibilityWithItsLocation_andStoresNothing() throws Exception {
        browser.open("/ui/artifacts/orders/check");
        browser.find("#content").sendKeys(ConsoleFixture.ORDERS_BREAKING);
        browser.go(browser.find("#check"));
        assertThat(browser.text("#failure h2")).isEqualTo("Refused (409)");
        assertThat(browser.all("#failure .causes li code.location"))
                .extracting(WebElement::getText)
                .containsOnly("/fields/0/type");
        assertThat(browser.text("#failure .causes")).contains("cannot read data written with version");
        browser.screenshot("check");
        browser.open("/ui/artifacts/orders/check");
        browser.find("#file")
                .sendKeys(Browser.file("compatible.avsc", ConsoleFixture.ORDERS_V2)
                        .getAbsolutePath());
        browser.go(browser.find("#check"));
        assertThat(browser.text("#verdict")).startsWith("Accepted");
        assertThat(registry.send("GET", "/api/artifacts/orders/versions", null).body())
                .isEqualTo("[1,2]");
    }

    @Test
    void keyboardAlone_findsAnArtifactAndOpensIt() {
        browser.open("/ui/artifacts");
        browser.find("body").sendKeys(Keys.TAB);
        assertThat(browser.driver.switchTo().activeElement().getText()).isEqualTo("Skip to content");
        browser.go(tabUntil("q", 20), "payments", Keys.ENTER);
        assertThat(ids()).containsExactly("payments-proto");
        WebElement link = null;
        for (int i = 0; i < 30 && link == null; i++) {
            browser.driver.switchTo().activeElement().sendKeys(Keys.TAB);
            WebElement active = browser.driver.switchTo().activeElement();
            link = active.getText().equals("payments-proto") ? active : null;
        }
        assertThat(link).as("the result's link, reached by Tab").isNotNull();
        browser.go(link, Keys.ENTER);
        browser.awaitPath("/ui/artifacts/payments-proto");
    }

    @Test
    void everyPage_hasATitleLabelledControlsAndNoSidewaysScrollAt200PercentZoom() {
        List<String> pages = List.of(
                "/ui",
                "/ui/artifacts?q=batch",
                "/ui/artifacts/orders",
                "/ui/artifacts/orders/versions/2",
                "/ui/artifacts/orders/diff",
                "/ui/artifacts/orders/check",
                "/ui/new",
                "/ui/rules");
        Dimension wide = browser.driver.manage().window().getSize();
        try {
            // 1280 CSS pixels at 200 % zoom lay out as 640
            browser.driver.manage().window().setSize(new Dimension(640, 900));
            for (String page : pages) {
                browser.open(page);
                assertThat(browser.driver.getTitle())
                        .as(page)
                        .endsWith(" · Stele")
                        .isNotEqualTo(" · Stele");
                assertThat(
                                browser.script(
                                        "return [...document.querySelectorAll('input:not([type=hidden]),select,textarea')]"
                                                + ".filter(e => e.labels.length == 0 && !e.getAttribute('aria-label')).map(e => e.name)"))
                        .as("controls without a label on " + page)
                        .asInstanceOf(InstanceOfAssertFactories.LIST)
                        .isEmpty();
                assertThat((Long) browser.script(
                                "return document.documentElement.scrollWidth - document.documentElement.clientWidth"))
                        .as("sideways scroll on " + page)
                        .isLessThanOrEqualTo(0L);
            }
        } finally {
            browser.driver.manage().window().setSize(wide);
        }
    }

    private static void search(String text, String over, String type) {
        browser.open("/ui/artifacts");
        browser.find("#q").sendKeys(text);
        new Select(browser.find("#over")).selectByValue(over);
        new Select(browser.find("#type")).selectByValue(type);
        browser.go(browser.find("form.search button"));
    }

    private static List<String> ids() {
        return browser.all("#results tbody th a").stream()
                .map(WebElement::getText)
                .toList();
    }

    private static List<String> tokens(String kind) {
        return browser.all("#content .tok-" + kind).stream()
                .map(e -> e.getAttribute("textContent"))
                .toList();
    }

    private static WebElement tabUntil(String id, int most) {
        for (int i = 0; i < most; i++) {
            WebElement active = browser.driver.switchTo().activeElement();
            if (id.equals(active.getAttribute("id"))) {
                return active;
            }
            active.sendKeys(Keys.TAB);
        }
        throw new AssertionError("Tab did not reach #" + id + " in " + most + " presses");
    }
}
