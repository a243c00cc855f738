/* libevemu's own reader: the device description with evemu_read, then an evemu_read_event
 * loop over every event. The anchor for `gesturectl replay <file>.evemu`. Prints the number of events. */
#include <evemu.h>
#include <linux/input.h>
#include <stdio.h>

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    FILE *file = fopen(argv[1], "r");
    if (!file) return 66;
    struct evemu_device *device = evemu_new(NULL);
    if (!device || evemu_read(device, file) < 0) return 65;
    struct input_event event;
    long count = 0;
    while (evemu_read_event(file, &event) > 0) count++;
    evemu_delete(device);
    fclose(file);
    printf("%ld\n", count);
    return 0;
}
