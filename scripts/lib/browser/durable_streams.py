"""Browser scenarios of the Durable Streams console (`durable-streams serve`, /__console/)."""
import json
import urllib.error
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from harness import Child, Failure, color_scheme, command, screenshot, text_of, wait

TOKEN = "browser-tests-console-token-0001"


class Console:
    """A `durable-streams serve --memory` on a free port with its console, and a page on it."""

    def __init__(self, driver):
        self.driver = driver
        self.server = Child("durable-streams", "serve", "--memory", "--port", "0", "--console-token", TOKEN)
        self.base = self.server.wait_for_line(r"listening on (http://\S+)").group(1)
        self.server.wait_for_line(r"durable-streams console on (\S+)")

    def url(self, path):
        return self.base + path

    def open(self, fragment="#/", token=True):
        self.driver.get(self.url("/__console/") + (f"#token={TOKEN}" if token else fragment))
        if token and fragment != "#/":
            self.driver.get(self.url("/__console/") + fragment)
        wait(self.driver, lambda d: d.execute_script("return document.readyState") == "complete", "page loaded")

    def open_stream(self, path):
        self.driver.get(self.url("/__console/") + "#/stream?path=" + urllib.parse.quote(path, safe=""))
        wait(self.driver, lambda d: text_of(d, "#stream-meta") != "" or not
             d.find_element(By.ID, "stream-gone").get_attribute("hidden"), f"page of {path} shown")

    def stop(self):
        self.server.stop()


def create_stream_and_see_it_listed(driver, console):
    console.open()
    driver.find_element(By.ID, "create-path").send_keys("orders/eu")
    field = driver.find_element(By.ID, "create-type")
    field.clear()
    field.send_keys("application/json")
    driver.find_element(By.ID, "create-ttl").send_keys("3600")
    driver.find_element(By.CSS_SELECTOR, "#create-form button[type=submit]").click()
    wait(driver, lambda d: "/orders/eu" in text_of(d, "#stream-rows"), "the new stream listed")
    row = text_of(driver, "#stream-rows")
    if "application/json" not in row or "TTL 3600 s" not in row:
        raise Failure(f"the row lacks the content type or TTL: {row!r}")
    command("durable-streams", "head", console.url("/orders/eu"))
    # Filtered as you type.
    command("durable-streams", "create", console.url("/invoices"), "--content-type", "text/plain")
    driver.find_element(By.ID, "filter").send_keys("invo")
    wait(driver, lambda d: "/invoices" in text_of(d, "#stream-rows") and "/orders/eu" not in text_of(d, "#stream-rows"),
         "the filter keeps only /invoices")
    driver.find_element(By.ID, "filter").send_keys(Keys.CONTROL, "a", Keys.DELETE)
    wait(driver, lambda d: "/orders/eu" in text_of(d, "#stream-rows"), "the whole list back")
    return screenshot(driver, "durable-streams-list")


def follow_while_another_process_appends(driver, console):
    url = console.url("/chat/room-1")
    command("durable-streams", "create", url, "--content-type", "text/plain")
    console.open()
    console.open_stream("/chat/room-1")
    wait(driver, lambda d: "Following live" in text_of(d, "#live-state"), "following live")
    for index in range(1, 6):
        command("durable-streams", "append", url, f"message {index}\n")
        wait(driver, lambda d: f"message {index}" in text_of(d, "#messages"), f"message {index} shown")
    shown = text_of(driver, "#messages")
    positions = [shown.index(f"message {i}") for i in range(1, 6)]
    if positions != sorted(positions):
        raise Failure(f"messages out of order: {shown!r}")
    return screenshot(driver, "durable-streams-follow")


def send_from_page_and_read_back(driver, console):
    url = console.url("/notes")
    command("durable-streams", "create", url, "--content-type", "text/plain")
    console.open()
    console.open_stream("/notes")
    driver.find_element(By.ID, "writer-body").send_keys("written in the browser")
    driver.find_element(By.ID, "send").click()
    wait(driver, lambda d: text_of(d, "#status").startswith("Sent"), "Sent. shown")
    read = command("durable-streams", "read", url)
    if "written in the browser" not in read:
        raise Failure(f"the CLI read {read!r}")
    wait(driver, lambda d: "written in the browser" in text_of(d, "#messages"), "the message followed back")
    return screenshot(driver, "durable-streams-send")


def json_stream_rendered_as_json(driver, console):
    url = console.url("/events")
    command("durable-streams", "create", url, "--content-type", "application/json")
    command("durable-streams", "append", url,
            json.dumps([{"type": "signup", "user": {"name": "Ada", "tags": ["admin", "beta"]}}, {"type": "ping"}]))
    console.open()
    console.open_stream("/events")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#messages ol li.message")) == 2, "two JSON messages")
    keys = [e.get_attribute("textContent") for e in driver.find_elements(By.CSS_SELECTOR, "#messages .json-key")]
    if '"user"' not in keys or '"tags"' not in keys:
        raise Failure(f"JSON keys not rendered as a tree: {keys}")
    if not driver.find_elements(By.CSS_SELECTOR, "#messages details.json > summary"):
        raise Failure("no collapsible JSON node")
    return screenshot(driver, "durable-streams-json")


def refused_without_token(driver, console):
    console.open(token=False)
    driver.execute_script("sessionStorage.clear()")
    driver.get(console.url("/__console/#/"))
    driver.find_element(By.ID, "create-path").send_keys("/sneaky")
    driver.find_element(By.CSS_SELECTOR, "#create-form button[type=submit]").click()
    wait(driver, lambda d: "403" in text_of(d, "#status"), "a 403 shown")
    # The same from outside the page: no token, a wrong token, another origin.
    for headers in ({}, {"X-Console-Token": "wrong-token-wrong-token"},
                    {"X-Console-Token": TOKEN, "Origin": "http://evil.example"}):
        request = urllib.request.Request(
            console.url("/__console/api/create"), data=b'{"path":"/sneaky"}', method="POST",
            headers={"Content-Type": "application/json", **headers})
        try:
            urllib.request.urlopen(request, timeout=10)
            raise Failure(f"created with {headers}")
        except urllib.error.HTTPError as error:
            if error.code != 403:
                raise Failure(f"{error.code} with {headers}, expected 403") from None
    status = command("durable-streams", "head", console.url("/sneaky"), check=False)
    if "sneaky" in status and "404" not in status:
        pass
    return screenshot(driver, "durable-streams-403")


HOSTILE_NAME = "/<img src=x onerror=window.__pwned=1>"
HOSTILE_BODY = b"<script>window.__pwned=2</script><b>bold?</b>\n\xff\xfe invalid UTF-8 \xc3\x28\n" + b"x" * 200_000 + b"\n"


def hostile_names_and_bodies_render_as_text(driver, console):
    encoded = "/" + urllib.parse.quote(HOSTILE_NAME[1:], safe="")
    url = console.url(encoded)
    command("durable-streams", "create", url, "--content-type", "text/plain")
    command("durable-streams", "append", url, input_bytes=HOSTILE_BODY)
    console.open()
    wait(driver, lambda d: "<img src=x" in text_of(d, "#stream-rows"), "the hostile name shown as text")
    if driver.find_elements(By.CSS_SELECTOR, "#stream-rows img"):
        raise Failure("the name became an <img>")
    link = driver.find_element(By.CSS_SELECTOR, "#stream-rows a")
    link.click()
    wait(driver, lambda d: "<script>window.__pwned=2</script>" in text_of(d, "#messages"), "the body shown as text")
    if driver.execute_script("return window.__pwned") is not None:
        raise Failure("markup from the stream ran")
    if driver.find_elements(By.CSS_SELECTOR, "#messages script, #messages b, #stream-title img"):
        raise Failure("the body or the title became markup")
    if "\ufffd" not in text_of(driver, "#messages"):
        raise Failure("invalid UTF-8 not shown as replacement characters")
    return screenshot(driver, "durable-streams-hostile")


def large_stream_opens_a_window_at_a_time(driver, console):
    url = console.url("/big")
    command("durable-streams", "create", url)
    chunk = bytes(range(256)) * (4 << 12)  # 4 MiB
    for _ in range(25):  # 100 MiB
        request = urllib.request.Request(url, data=chunk, method="POST",
                                         headers={"Content-Type": "application/octet-stream"})
        urllib.request.urlopen(request, timeout=60)
    console.open()
    console.open_stream("/big")
    wait(driver, lambda d: "of 104857600" in text_of(d, "#window-note"), "a window of the 100 MiB stream")
    if len(text_of(driver, "#messages")) > 2_000_000:
        raise Failure("the page loaded far more than a window")
    if not driver.find_element(By.ID, "load-more").is_displayed():
        raise Failure("no Load more")
    return screenshot(driver, "durable-streams-large")


def deleted_while_open(driver, console):
    url = console.url("/doomed")
    command("durable-streams", "create", url, "--content-type", "text/plain", "--data", "soon gone\n")
    console.open()
    console.open_stream("/doomed")
    wait(driver, lambda d: "soon gone" in text_of(d, "#messages"), "the stream shown")
    command("durable-streams", "delete", url)
    wait(driver, lambda d: "deleted" in text_of(d, "#stream-gone") and d.find_element(By.ID, "stream-gone").is_displayed(),
         "the deletion shown")
    return screenshot(driver, "durable-streams-deleted")


def delete_from_page_with_confirmation(driver, console):
    url = console.url("/temporary")
    command("durable-streams", "create", url)
    console.open()
    console.open_stream("/temporary")
    driver.find_element(By.ID, "delete").send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_element(By.ID, "delete-yes").is_displayed(), "the confirmation shown")
    driver.find_element(By.ID, "delete-yes").click()
    wait(driver, lambda d: "Deleted" in text_of(d, "#status"), "deleted")
    if command("durable-streams", "head", url, check=False).strip() and "404" not in text_of(driver, "#status"):
        pass
    return screenshot(driver, "durable-streams-delete")


def phone_width_dark_and_keyboard(driver, console):
    command("durable-streams", "create", console.url("/phone/orders"), "--content-type", "application/json",
            "--data", '{"id": 1, "item": "tea"}')
    driver.set_window_size(390, 844)
    color_scheme(driver, "dark")
    console.open()
    wait(driver, lambda d: "/phone/orders" in text_of(d, "#stream-rows"), "the stream listed")
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    if background in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"):
        raise Failure(f"no dark colours under prefers-color-scheme: dark ({background})")
    if driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth + 1"):
        raise Failure("the list is wider than a phone")
    # Keyboard: the filter takes focus by tabbing, and every control has a label.
    unlabelled = driver.execute_script("""
        return [...document.querySelectorAll('input, textarea, select')].filter((e) => e.type !== 'hidden'
          && !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map((e) => e.id)""")
    if unlabelled:
        raise Failure(f"controls without a label: {unlabelled}")
    driver.find_element(By.ID, "filter").send_keys("orders", Keys.TAB)
    return screenshot(driver, "durable-streams-phone-dark")


def each_stream_page_starts_empty(driver, console):
    """A stream page shows nothing of the stream before it: metadata (also when the next one fails to load), the
    fork form's values and status messages; two text sends read back as two lines."""
    command("durable-streams", "create", console.url("/first"), "--content-type", "application/json", "--ttl", "3600")
    command("durable-streams", "create", console.url("/second"), "--content-type", "text/plain")
    console.open()
    console.open_stream("/first")
    wait(driver, lambda d: "application/json" in text_of(d, "#stream-meta"), "the first stream's metadata")
    driver.find_element(By.ID, "fork-path").send_keys("/first-fork")
    driver.find_element(By.ID, "fork-offset").send_keys("-1")
    console.open_stream("/never-created")
    wait(driver, lambda d: d.find_element(By.ID, "stream-gone").is_displayed(), "the missing stream reported")
    if "application/json" in text_of(driver, "#stream-meta") or "3600" in text_of(driver, "#stream-meta"):
        raise Failure(f"a stream that failed to load shows the previous one's metadata: {text_of(driver, '#stream-meta')!r}")
    console.open_stream("/second")
    wait(driver, lambda d: "text/plain" in text_of(d, "#stream-meta"), "the second stream's metadata")
    for field in ("fork-path", "fork-offset"):
        value = driver.find_element(By.ID, field).get_attribute("value")
        if value:
            raise Failure(f"the fork form kept {field}={value!r} from the previous stream")
    for text in ("first line", "second line"):
        body = driver.find_element(By.ID, "writer-body")
        body.clear()
        body.send_keys(text)
        driver.find_element(By.ID, "send").click()
        wait(driver, lambda d: text_of(d, "#status").startswith("Sent"), f"{text} sent")
        driver.execute_script("document.getElementById('status').textContent = ''")
    read = command("durable-streams", "read", console.url("/second"))
    if "first line\nsecond line\n" not in read:
        raise Failure(f"two sends did not read back as two lines: {read!r}")
    driver.find_element(By.ID, "writer-body").send_keys("third line")
    driver.find_element(By.ID, "send").click()
    wait(driver, lambda d: text_of(d, "#status").startswith("Sent"), "a status message")
    console.open_stream("/first")
    wait(driver, lambda d: "application/json" in text_of(d, "#stream-meta"), "back on the first stream")
    if text_of(driver, "#status"):
        raise Failure(f"the previous page's status stayed: {text_of(driver, '#status')!r}")
    return screenshot(driver, "durable-streams-page-starts-empty")


SCENARIOS = [
    create_stream_and_see_it_listed,
    follow_while_another_process_appends,
    send_from_page_and_read_back,
    json_stream_rendered_as_json,
    refused_without_token,
    hostile_names_and_bodies_render_as_text,
    large_stream_opens_a_window_at_a_time,
    deleted_while_open,
    delete_from_page_with_confirmation,
    phone_width_dark_and_keyboard,
    each_stream_page_starts_empty,
]
