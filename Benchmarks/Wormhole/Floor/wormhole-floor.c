// The physical floor for file-based messaging on Linux: two processes ping-pong a file that is written to
// `<name>.tmp`, renamed to `<name>`, and noticed through inotify `IN_MOVED_TO`. No framing, no encoding, no
// notification beyond the rename itself. The benchmark compiles this with `cc -O2` and runs it in the same
// run as the Swift measurements, so the two are compared on the same machine state.
//
// Usage: wormhole-floor <directory> <message bytes> <round trips> <warm-up round trips>
// Prints one line: `floor bytes=<n> p50_us=<one-way p50> p99_us=<one-way p99> one_way_per_s=<rate>`.

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void die(const char *what) {
    perror(what);
    exit(1);
}

static void put(const char *dir, const char *name, const char *buffer, size_t size) {
    char tmp[PATH_MAX], path[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/%s.tmp", dir, name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) die("open");
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, buffer + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) die("write");
        done += (size_t)n;
    }
    close(fd);
    if (rename(tmp, path) != 0) die("rename");
}

static void take(const char *dir, const char *name, char *buffer, size_t size) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) die("open for reading");
    size_t done = 0;
    while (done < size) {
        ssize_t n = read(fd, buffer + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    close(fd);
}

// Blocks until `name` is renamed into the watched directory.
static void await_moved(int inotify_fd, const char *name) {
    char events[64 * 1024] __attribute__((aligned(__alignof__(struct inotify_event))));
    for (;;) {
        ssize_t n = read(inotify_fd, events, sizeof events);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) die("inotify read");
        for (char *p = events; p < events + n;) {
            struct inotify_event *event = (struct inotify_event *)p;
            if ((event->mask & IN_MOVED_TO) && event->len > 0 && strcmp(event->name, name) == 0) return;
            p += sizeof(struct inotify_event) + event->len;
        }
    }
}

static int compare(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s <directory> <bytes> <round trips> <warm-up>\n", argv[0]);
        return 64;
    }
    const char *dir = argv[1];
    size_t size = (size_t)strtoull(argv[2], NULL, 10);
    int rounds = atoi(argv[3]);
    int warmup = atoi(argv[4]);
    char *buffer = malloc(size ? size : 1);
    if (!buffer) die("malloc");
    memset(buffer, 'x', size);

    // Both watches exist before either side sends, so no event is missed.
    int ping_watch = inotify_init1(IN_CLOEXEC);
    int pong_watch = inotify_init1(IN_CLOEXEC);
    if (ping_watch < 0 || pong_watch < 0) die("inotify_init1");
    if (inotify_add_watch(ping_watch, dir, IN_MOVED_TO) < 0) die("inotify_add_watch");
    if (inotify_add_watch(pong_watch, dir, IN_MOVED_TO) < 0) die("inotify_add_watch");

    pid_t child = fork();
    if (child < 0) die("fork");
    if (child == 0) {
        close(pong_watch);
        for (int i = 0; i < rounds + warmup; i++) {
            await_moved(ping_watch, "ping");
            take(dir, "ping", buffer, size);
            put(dir, "pong", buffer, size);
        }
        _exit(0);
    }
    close(ping_watch);

    uint64_t *samples = malloc(sizeof(uint64_t) * (size_t)(rounds > 0 ? rounds : 1));
    if (!samples) die("malloc");
    uint64_t total = 0;
    for (int i = 0; i < rounds + warmup; i++) {
        uint64_t start = now_ns();
        put(dir, "ping", buffer, size);
        await_moved(pong_watch, "pong");
        take(dir, "pong", buffer, size);
        uint64_t elapsed = now_ns() - start;
        if (i >= warmup) {
            samples[i - warmup] = elapsed;
            total += elapsed;
        }
    }
    waitpid(child, NULL, 0);
    qsort(samples, (size_t)rounds, sizeof(uint64_t), compare);
    // Nearest-rank quantiles of the round trip, halved for one way.
    size_t p50 = (size_t)((rounds * 50 + 99) / 100) - 1;
    size_t p99 = (size_t)((rounds * 99 + 99) / 100) - 1;
    double one_way_rate = total ? (2.0 * rounds) / ((double)total / 1e9) : 0;
    printf("floor bytes=%zu p50_us=%.1f p99_us=%.1f one_way_per_s=%.0f\n", size, samples[p50] / 2000.0,
           samples[p99] / 2000.0, one_way_rate);
    return 0;
}
