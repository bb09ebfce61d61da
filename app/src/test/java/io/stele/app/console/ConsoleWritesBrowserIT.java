package io.stele.app.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.stele.app.security.ConsoleForms;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * Walks the console's writing tasks in a real browser against the packaged registry, and reads
 * each outcome back through the API: creating an artifact, adding versions (typed and uploaded),
 * editing metadata and labels, changing a version's state, setting rules per artifact and globally,
 * and each refusal shown with the status and message the API gives for the same write.
 */
class ConsoleWritesBrowserIT extends ConsoleWalk {

    private static final String BOOK_V1 =
            "{\"type\":\"record\",\"name\":\"Book\",\"fields\":[{\"name\":\"isbn\",\"type\":\"string\"}]}";
    private static final String BOOK_V2 =
            "{\"type\":\"record\",\"name\":\"Book\",\"fields\":[{\"name\":\"isbn\",\"type\":\"string\"},"
                    + "{\"name\":\"title\",\"type\":\"string\",\"default\":\"\"}]}";

    @BeforeAll
    static void start() throws Exception {
        begin("console-write-", false);
    }

    @Test
    void createAddEditStateAndRules_eachReadBackThroughTheApi() throws Exception {
        browser.open("/ui/new");
        browser.find("#artifact-id").sendKeys("books");
        new Select(browser.find("#artifact-type")).selectByValue("AVRO");
        browser.find("#content").sendKeys(BOOK_V1);
        browser.go(browser.find("#create-form button"));
        browser.awaitPath("/ui/artifacts/books");
        assertThat(browser.text("#notice")).isEqualTo("Artifact created.");
        assertThat(api("GET", "/api/artifacts/books").body()).isEqualTo(BOOK_V1);

        browser.go(browser.find("a[href$='/check']"));
        browser.find("#content").sendKeys(BOOK_V2);
        browser.go(browser.find("#add"));
        browser.awaitPath("/ui/artifacts/books/versions/2");
        assertThat(browser.text("#notice")).isEqualTo("Version added.");
        browser.open("/ui/artifacts/books/check");
        String v3 = BOOK_V2.replace("\"default\":\"\"", "\"default\":\"untitled\"");
        browser.find("#file").sendKeys(Browser.file("book-v3.avsc", v3).getAbsolutePath());
        browser.go(browser.find("#add"));
        browser.awaitPath("/ui/artifacts/books/versions/3");
        assertThat(api("GET", "/api/artifacts/books/versions").body()).isEqualTo("[1,2,3]");
        assertThat(api("GET", "/api/artifacts/books/versions/3").body()).isEqualTo(v3);

        browser.open("/ui/artifacts/books");
        browser.find("#meta-name").clear();
        browser.find("#meta-name").sendKeys("Books");
        browser.find("#meta-description").sendKeys("Every book in the catalogue");
        browser.find("#meta-labels").sendKeys("catalogue, print");
        browser.go(browser.find("#meta-form button"));
        assertThat(browser.text("#notice")).isEqualTo("Metadata saved.");
        assertThat(api("GET", "/api/artifacts/books/meta").body())
                .contains("\"name\":\"Books\"", "\"description\":\"Every book in the catalogue\"")
                .contains("\"labels\":[\"catalogue\",\"print\"]");

        browser.open("/ui/artifacts/books/versions/1");
        new Select(browser.find("#state")).selectByValue("DEPRECATED");
        browser.go(browser.find("#state-form button"));
        assertThat(browser.text("#version-state")).isEqualTo("DEPRECATED");
        assertThat(api("GET", "/api/artifacts/books/versions/1/meta").body()).contains("\"state\":\"DEPRECATED\"");

        browser.open("/ui/artifacts/books");
        new Select(browser.find("#rule-compatibility")).selectByValue("FULL");
        new Select(browser.find("#rule-validity")).selectByValue("SYNTAX_ONLY");
        browser.go(browser.find("#rules-form button"));
        assertThat(browser.text("#notice")).isEqualTo("Rules saved.");
        assertThat(api("GET", "/api/artifacts/books/rules/COMPATIBILITY").body())
                .contains("\"config\":\"FULL\"");
        assertThat(api("GET", "/api/artifacts/books/rules/VALIDITY").body()).contains("\"config\":\"SYNTAX_ONLY\"");
        new Select(browser.find("#rule-validity")).selectByValue("");
        browser.go(browser.find("#rules-form button"));
        assertThat(api("GET", "/api/artifacts/books/rules/VALIDITY").statusCode())
                .as("a rule set back to 'Not set' is removed")
                .isEqualTo(404);

        browser.open("/ui/rules");
        new Select(browser.find("#rule-validity")).selectByValue("FULL");
        browser.go(browser.find("#global-rules-form button"));
        assertThat(browser.text("#notice")).isEqualTo("Rules saved.");
        assertThat(api("GET", "/api/rules/VALIDITY").body()).contains("\"config\":\"FULL\"");
        new Select(browser.find("#rule-validity")).selectByValue("");
        browser.go(browser.find("#global-rules-form button"));
        assertThat(api("GET", "/api/rules/VALIDITY").statusCode()).isEqualTo(404);
    }

    @Test
    void refusals_showTheApisStatusAndMessage_andStoreNothing() throws Exception {
        ConsoleFixture.create(registry, "taken", "AVRO", BOOK_V1);
        HttpResponse<String> apiAnswer = registry.send(
                "POST",
                "/api/artifacts",
                BOOK_V1,
                "X-Registry-ArtifactId",
                "taken",
                "Content-Type",
                "application/json");
        browser.open("/ui/new");
        browser.find("#artifact-id").sendKeys("taken");
        browser.find("#content").sendKeys(BOOK_V1);
        browser.go(browser.find("#create-form button"));
        assertRefused(apiAnswer);
        assertThat(browser.find("#artifact-id").getAttribute("value"))
                .as("the form keeps what was typed")
                .isEqualTo("taken");

        String invalid = "{\"type\":\"record\",\"name\":\"Broken\"";
        apiAnswer = registry.send(
                "POST",
                "/api/artifacts",
                invalid,
                "X-Registry-ArtifactId",
                "broken",
                "X-Registry-ArtifactType",
                "AVRO");
        browser.open("/ui/new");
        browser.find("#artifact-id").sendKeys("broken");
        new Select(browser.find("#artifact-type")).selectByValue("AVRO");
        browser.find("#content").sendKeys(invalid);
        browser.go(browser.find("#create-form button"));
        assertRefused(apiAnswer);
        assertThat(api("GET", "/api/artifacts/broken").statusCode()).isEqualTo(404);

        browser.open("/ui/artifacts/taken/check");
        browser.go(browser.find("#add"));
        assertThat(browser.text("#failure h2")).isEqualTo("Refused (400)");
        assertThat(browser.text("#failure .message"))
                .isEqualTo("Give the content: type or paste it, or choose a file.");

        browser.open("/ui/artifacts/missing");
        assertThat(browser.text("#failure h2")).isEqualTo("Refused (404)");
        assertThat(browser.text("#failure .message"))
                .isEqualTo(api("GET", "/api/artifacts/missing/meta")
                        .body()
                        .replaceAll(".*\"message\":\"([^\"]*)\".*", "$1"));
    }

    @Test
    void malformedParameters_answer400WithTheMessageNamingThem() {
        ConsoleFixture.create(registry, "params", "AVRO", BOOK_V1);
        assertBadRequest(registry.send("GET", "/ui/artifacts?type=NOPE", null), "Unknown artifact type");
        assertBadRequest(registry.send("GET", "/ui/artifacts?offset=x", null), "offset must be a whole number");
        assertBadRequest(registry.send("GET", "/ui/artifacts?over=nowhere", null), "over must be one of");
        assertBadRequest(
                registry.send("GET", "/ui/artifacts/params/versions/one", null), "version must be a whole number");
        ConsoleForms forms = new ConsoleForms(registry, null, "/ui/rules");
        assertBadRequest(forms.post("/ui/rules", "validity=BOGUS"), "The VALIDITY rule&#39;s config must be one of");
        assertBadRequest(
                forms.post("/ui/artifacts/params/rules", "compatibility=SIDEWAYS"),
                "The COMPATIBILITY rule&#39;s config must be one of");
        assertBadRequest(forms.post("/ui/artifacts/params/versions/1/state", "state=GONE"), "The state must be one of");
        assertThat(api("GET", "/api/rules/VALIDITY").statusCode()).isEqualTo(404);
        assertThat(api("GET", "/api/artifacts/params/versions/1/meta").body()).contains("\"state\":\"ENABLED\"");
    }

    private static void assertBadRequest(HttpResponse<String> page, String message) {
        assertThat(page.statusCode()).as(page.body()).isEqualTo(400);
        assertThat(page.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(page.body()).contains("Refused (400)", message);
    }

    @Test
    void readOnlyMode_refusesTheConsolesWritesAsTheApis() throws Exception {
        ConsoleFixture.create(registry, "frozen", "AVRO", BOOK_V1);
        ConsoleFixture.ok(registry.send(
                "PUT",
                "/mode/frozen",
                "{\"mode\":\"READONLY\"}",
                "Content-Type",
                "application/vnd.schemaregistry.v1+json"));
        HttpResponse<String> apiAnswer =
                registry.send("PUT", "/api/artifacts/frozen", BOOK_V2, "Content-Type", "application/json");
        browser.open("/ui/artifacts/frozen/check");
        browser.find("#content").sendKeys(BOOK_V2);
        browser.go(browser.find("#add"));
        assertRefused(apiAnswer);
        assertThat(api("GET", "/api/artifacts/frozen/versions").body()).isEqualTo("[1]");
    }

    /** The page shows the API's refusal of the same write: its status, and its message word for word. */
    private static void assertRefused(HttpResponse<String> apiAnswer) {
        assertThat(apiAnswer.statusCode()).as(apiAnswer.body()).isBetween(400, 499);
        assertThat(browser.text("#failure h2")).isEqualTo("Refused (" + apiAnswer.statusCode() + ")");
        WebElement message = browser.find("#failure .message");
        assertThat(apiAnswer.body()).contains(json(message.getText()));
    }

    /** The text as it appears inside a JSON string. */
    private static String json(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    private static HttpResponse<String> api(String method, String path) {
        return registry.send(method, path, null);
    }
}
