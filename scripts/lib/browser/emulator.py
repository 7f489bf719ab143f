"""Browser scenarios of the Clerk emulator console (`clerk emulator`, /__emulator/), with the `clerk` command as
the app."""
import base64
import json
import os
import pty
import select
import subprocess
import tempfile
import time

from selenium.webdriver.common.by import By

from harness import BIN, Child, Failure, color_scheme, command, screenshot, text_of, wait

PASSWORD = "correct horse battery staple"


class Console:
    """A `clerk emulator --port 0` and a page on its console."""

    def __init__(self, driver):
        self.driver = driver
        self.server = Child("clerk", "emulator", "--port", "0")
        self.base = self.server.wait_for_line(r"listening on (http://\S+)").group(1)
        self.key = self.server.wait_for_line(r"publishable key: (\S+)").group(1)
        self.state = tempfile.mkdtemp(prefix="clerk-console-")
        driver.get(self.base + "/__emulator/")
        wait(driver, lambda d: text_of(d, "#clock-now") != "", "the console loaded")

    def connection(self, state=None):
        return ["--publishable-key", self.key, "--proxy-url", self.base, "--state-dir", state or self.state]

    def clerk(self, *args, check=True, state=None):
        return command("clerk", *args, *self.connection(state), check=check)

    def stop(self):
        self.server.stop()
        subprocess.run(["rm", "-rf", self.state], check=False)


def row_with(driver, body, text):
    """The first row of table body `body` whose text contains `text`, or None."""
    for row in driver.find_elements(By.CSS_SELECTOR, f"#{body} tr"):
        if text in row.get_attribute("textContent"):
            return row
    return None


def sign_up_and_see_user_and_code(driver, console):
    # The command asks for the code on its terminal: give it one, and type the code the console shows.
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [os.path.join(BIN, "clerk"), "sign-up", "--email", "ada@example.com", "--password", PASSWORD,
         "--first-name", "Ada", "--last-name", "Lovelace", *console.connection()],
        stdin=slave, stderr=slave, stdout=subprocess.PIPE)
    os.close(slave)
    try:
        prompt = b""
        deadline = time.monotonic() + 30
        while b"Code sent to" not in prompt and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                prompt += os.read(master, 4096)
        if b"Code sent to" not in prompt:
            raise Failure(f"clerk sign-up did not ask for the code: {prompt!r}")
        wait(driver, lambda d: row_with(d, "outbox-rows", "ada@example.com") is not None, "the code in the outbox")
        code = row_with(driver, "outbox-rows", "ada@example.com").find_element(By.CSS_SELECTOR, ".code-value")
        code = code.get_attribute("textContent").strip()
        if not code.isdigit():
            raise Failure(f"the outbox shows {code!r}, not a code")
        os.write(master, code.encode() + b"\n")
        output, _ = process.communicate(timeout=30)
        if process.returncode != 0 or b"complete" not in output:
            raise Failure(f"clerk sign-up ended with {process.returncode}: {output!r}")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    wait(driver, lambda d: (row_with(d, "user-rows", "ada@example.com") is not None
                            and "1 active" in row_with(d, "user-rows", "ada@example.com").get_attribute("textContent")),
         "the user listed with an active session")
    if "Ada Lovelace" not in text_of(driver, "#user-rows"):
        raise Failure("the user's name is not shown")
    driver.execute_script("document.getElementById('sessions-title').scrollIntoView()")
    return screenshot(driver, "emulator-sign-up")


def press(driver, body, text, label):
    """Clicks the button `label` in the row of `body` containing `text`, again if the row was re-rendered."""
    def attempt(d):
        row = row_with(d, body, text)
        if row is None:
            return False
        row.find_element(By.XPATH, f".//button[text()='{label}']").click()
        return True

    wait(driver, attempt, f"{label} pressed for {text}")


def claims(jwt):
    payload = jwt.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def expire_token_and_see_clerk_token_refresh(driver, console):
    console.clerk("sign-up", "--email", "grace+clerk_test@example.com", "--password", PASSWORD, "--code", "424242")
    first = console.clerk("token").strip()
    again = console.clerk("token").strip()
    if again != first:
        raise Failure("without a change, clerk token should print the same session token")
    session = claims(first)["sid"]
    wait(driver, lambda d: row_with(d, "session-rows", session) is not None, "the session listed")
    press(driver, "session-rows", session, "Expire token now")
    wait(driver, lambda d: "Token expired" in text_of(d, "#status"), "the token expired")
    second = console.clerk("token").strip()
    if second == first or claims(second)["sid"] != session:
        raise Failure("clerk token did not fetch a fresh token for the same session")
    wait(driver, lambda d: "/tokens" in text_of(d, "#log-rows") or "/v1/client" in text_of(d, "#log-rows"),
         "the refresh in the request log")
    # Expiring the whole session ends it: clerk token has nothing to refresh.
    press(driver, "session-rows", session, "Expire session now")
    wait(driver, lambda d: "expired" in row_with(d, "session-rows", session).get_attribute("textContent"), "expired")
    ended = subprocess.run([os.path.join(BIN, "clerk"), "token", *console.connection()], capture_output=True, timeout=60)
    if ended.returncode == 0:
        raise Failure("clerk token still printed a token for an expired session")
    return screenshot(driver, "emulator-sessions")


def mfa_on_and_sign_in_asks_for_it(driver, console):
    driver.find_element(By.ID, "user-email").send_keys("lin@example.com")
    driver.find_element(By.ID, "user-first").send_keys("Lin")
    driver.find_element(By.ID, "user-password").send_keys(PASSWORD)
    driver.find_element(By.ID, "user-submit").click()
    wait(driver, lambda d: row_with(d, "user-rows", "lin@example.com") is not None, "the user created")
    before = subprocess.run([os.path.join(BIN, "clerk"), "sign-in", "--identifier", "lin@example.com", "--password",
                             PASSWORD, *console.connection(tempfile.mkdtemp())], capture_output=True, timeout=60)
    if before.returncode != 0:
        raise Failure(f"sign-in without MFA failed: {before.stderr!r}")
    press(driver, "user-rows", "lin@example.com", "Turn MFA on")
    wait(driver, lambda d: "TOTP" in row_with(d, "user-rows", "lin@example.com").get_attribute("textContent"), "MFA on")
    after = subprocess.run([os.path.join(BIN, "clerk"), "sign-in", "--identifier", "lin@example.com", "--password",
                            PASSWORD, *console.connection(tempfile.mkdtemp())], capture_output=True, timeout=60)
    said = (after.stdout + after.stderr).decode(errors="replace")
    if after.returncode == 0 or "second" not in said.lower():
        raise Failure(f"clerk sign-in did not ask for a second factor: {said!r}")
    print(f"  clerk sign-in: {said.strip()}")
    return screenshot(driver, "emulator-mfa")


def configuration_applied_live(driver, console):
    box = driver.find_element(By.CSS_SELECTOR, "#cfg-identifiers input[value='phone_number']")
    if box.is_selected():
        box.click()
    driver.find_element(By.CSS_SELECTOR, "#config-form button[type=submit]").click()
    wait(driver, lambda d: "Configuration applied" in text_of(d, "#status"), "applied")
    refused = subprocess.run([os.path.join(BIN, "clerk"), "sign-up", "--phone", "+12015550100", "--password", PASSWORD,
                              "--code", "424242", *console.connection(tempfile.mkdtemp())],
                             capture_output=True, timeout=60)
    if refused.returncode == 0:
        raise Failure("a phone sign-up went through with phone numbers turned off")
    driver.find_element(By.XPATH, "//button[text()='+1 hour']").click()
    wait(driver, lambda d: "ahead by 3600" in text_of(d, "#clock-offset"), "the clock advanced")
    return screenshot(driver, "emulator-configuration")


def phone_width_dark(driver, console):
    console.clerk("sign-up", "--email", "kay+clerk_test@example.com", "--password", PASSWORD, "--code", "424242")
    driver.set_window_size(390, 844)
    color_scheme(driver, "dark")
    driver.refresh()
    wait(driver, lambda d: "kay+clerk_test@example.com" in text_of(d, "#user-rows"), "the user listed")
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    if background in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"):
        raise Failure(f"no dark colours under prefers-color-scheme: dark ({background})")
    if driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth + 1"):
        raise Failure("the console is wider than a phone")
    unlabelled = driver.execute_script("""
        return [...document.querySelectorAll('input, select')].filter((e) => e.type !== 'hidden'
          && !(e.labels && e.labels.length) && !e.getAttribute('aria-label')).map((e) => e.id || e.value)""")
    if unlabelled:
        raise Failure(f"controls without a label: {unlabelled}")
    return screenshot(driver, "emulator-phone-dark")


SCENARIOS = [
    sign_up_and_see_user_and_code,
    expire_token_and_see_clerk_token_refresh,
    mfa_on_and_sign_in_asks_for_it,
    configuration_applied_live,
    phone_width_dark,
]
