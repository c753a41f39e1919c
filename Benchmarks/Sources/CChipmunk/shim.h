// Debian's libchipmunk-dev 7.0.3 (no pkg-config file; headers in /usr/include/chipmunk).
#include <chipmunk/chipmunk.h>
