/* libyaml's bare event parse: pulls every event of a YAML file and does nothing with it.
 * The anchor for `gesturectl replay <file>.yml`. Prints the number of events. */
#include <stdio.h>
#include <yaml.h>

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    FILE *file = fopen(argv[1], "rb");
    if (!file) return 66;
    yaml_parser_t parser;
    yaml_event_t event;
    long count = 0;
    int done = 0;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_file(&parser, file);
    while (!done) {
        if (!yaml_parser_parse(&parser, &event)) return 65;
        done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        count++;
    }
    yaml_parser_delete(&parser);
    fclose(file);
    printf("%ld\n", count);
    return 0;
}
