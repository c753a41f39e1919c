// SDL2 for KinemaLive. SDL_MAIN_HANDLED keeps SDL from replacing the program's main.
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
