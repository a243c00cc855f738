/* Compares the layouts of the C types DismissKit's sources use, as Swift imports them
 * (layouts.swift), with this C compiler's: prints each difference and exits 1, or prints how many
 * values agree. */
#include <stddef.h>
#include <stdio.h>
#include <linux/input.h>
#include <pthread.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/utsname.h>
#include <time.h>

long swift_layouts(long *values);

#define LAYOUT(type) {#type " size", sizeof(type)}, {#type " alignment", _Alignof(type)}
#define OFFSET(type, field) {#type "." #field " offset", offsetof(type, field)}

static const struct {
    const char *name;
    long value;
} expected[] = {
    LAYOUT(long), LAYOUT(struct stat), LAYOUT(struct timespec), LAYOUT(struct sockaddr_un),
    LAYOUT(struct rusage), LAYOUT(struct utsname), LAYOUT(sigset_t), LAYOUT(pthread_t),
    LAYOUT(pthread_mutex_t), LAYOUT(struct pollfd), LAYOUT(struct input_event), LAYOUT(off_t),
    LAYOUT(time_t),
    OFFSET(struct stat, st_mode), OFFSET(struct stat, st_size), OFFSET(struct stat, st_rdev),
    OFFSET(struct stat, st_mtim),
    OFFSET(struct input_event, type), OFFSET(struct input_event, value),
};

int main(void) {
    enum { count = sizeof expected / sizeof expected[0] };
    long values[count + 8];
    long written = swift_layouts(values);
    if (written != count) {
        printf("layouts: Swift wrote %ld values, C lists %d\n", written, count);
        return 1;
    }
    int differences = 0;
    for (int index = 0; index < count; index++) {
        if (values[index] != expected[index].value) {
            printf("layouts: %s: Swift %ld, C %ld\n", expected[index].name, values[index], expected[index].value);
            differences++;
        }
    }
    if (differences) return 1;
    printf("layouts: %d sizes, alignments and offsets agree\n", count);
    return 0;
}
