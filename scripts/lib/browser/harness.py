"""What the browser scenarios share: a headless Chromium, child processes (servers and commands), waiting, and
screenshots."""
import os
import re
import select
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BIN = os.environ.get("COURIER_BIN", ".build-all-traits/debug")
SHOTS = os.environ.get("COURIER_SCREENSHOTS", ".ci/artifacts/screenshots")
TIMEOUT = 15


class Failure(Exception):
    """A scenario's expectation that did not hold."""


def command(name, *args, input_bytes=None, check=True, env=None):
    """Runs one of the built commands to completion; returns its standard output as text."""
    merged = dict(os.environ, **(env or {}))
    result = subprocess.run(
        [os.path.join(BIN, name), *args], input=input_bytes, capture_output=True, timeout=60, env=merged)
    if check and result.returncode != 0:
        raise Failure(f"{name} {' '.join(args)} failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    return result.stdout.decode(errors="replace")


class Child:
    """A long-running built command (a server): started, its output lines read as they come, stopped."""

    def __init__(self, name, *args, env=None):
        merged = dict(os.environ, **(env or {}))
        self.process = subprocess.Popen(
            [os.path.join(BIN, name), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=merged)
        self.lines = []

    def wait_for_line(self, pattern, timeout=TIMEOUT):
        """The first match of `pattern` in a line of standard output."""
        deadline = time.monotonic() + timeout
        buffer = b""
        while time.monotonic() < deadline:
            for line in self.lines:
                match = re.search(pattern, line)
                if match:
                    return match
            ready, _, _ = select.select([self.process.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    break
                buffer += chunk
                *complete, buffer = buffer.split(b"\n")
                self.lines.extend(part.decode(errors="replace") for part in complete)
        raise Failure(f"no line matching {pattern!r} (got {self.lines})")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def browser(width=1280, height=900):
    """A headless Chromium (`--headless=new --no-sandbox`: the tests may run as root)."""
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    if os.path.exists("/usr/bin/chromium"):
        options.binary_location = "/usr/bin/chromium"
    service = Service(executable_path="/usr/bin/chromedriver") if os.path.exists("/usr/bin/chromedriver") else None
    return webdriver.Chrome(options=options, service=service) if service else webdriver.Chrome(options=options)


def color_scheme(driver, scheme):
    """Emulates `prefers-color-scheme` (light or dark)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def wait(driver, condition, message, timeout=TIMEOUT):
    """Waits until `condition(driver)` is truthy; fails with `message` otherwise."""
    def attempt(d):
        try:
            return condition(d)
        except (StaleElementReferenceException, AttributeError):
            # A live page re-rendered the element between finding and reading it (or it is not there yet).
            return False

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(attempt)
    except Exception as error:  # Selenium's TimeoutException, or a condition that kept raising.
        raise Failure(f"{message} ({type(error).__name__})") from None


def text_of(driver, css):
    """The text of the first element matching `css`, or ""."""
    found = driver.find_elements(By.CSS_SELECTOR, css)
    return found[0].get_attribute("textContent") if found else ""


def screenshot(driver, name):
    """Saves a PNG of the page and prints its path."""
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, f"{name}.png")
    driver.save_screenshot(path)
    print(f"  screenshot: {path}", flush=True)
    return path
