// Debian's librlottie-dev (0.1): rlottie's C API.
#include <rlottie_capi.h>
