// The header's one function is inline; this file makes the target a C library SwiftPM builds.
#include "CKinemaPrefetch.h"
