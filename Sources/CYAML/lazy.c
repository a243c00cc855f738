// The libyaml functions DismissKit calls, each resolved from libyaml-0.so.2 the first time it is
// called (Sources/CLazyLibrary); the library is opened then, once. The package depends on
// libyaml-0-2 (script/package), so a failure to open it is an installation fault.
#include "CYAML.h"

#include "CLazyLibrary.h"

static struct dk_lazy_library library = DK_LAZY_LIBRARY("libyaml-0.so.2");

#define LAZY(result, name, parameters, arguments) \
    DK_LAZY(dk_lazy_library_function, &library, result, name, parameters, arguments)
#define LAZY_VOID(name, parameters, arguments) \
    DK_LAZY_VOID(dk_lazy_library_function, &library, name, parameters, arguments)

LAZY(int, yaml_parser_initialize, (yaml_parser_t *parser), (parser))
LAZY_VOID(yaml_parser_delete, (yaml_parser_t *parser), (parser))
LAZY_VOID(yaml_parser_set_input, (yaml_parser_t *parser, yaml_read_handler_t *handler, void *data),
     (parser, handler, data))
LAZY(int, yaml_parser_parse, (yaml_parser_t *parser, yaml_event_t *event), (parser, event))
LAZY_VOID(yaml_event_delete, (yaml_event_t *event), (event))
