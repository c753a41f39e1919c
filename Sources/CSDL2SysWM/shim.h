// SDL2's window-system events for KinemaLive: the X server's own times of pointer events.
// Apart from CSDL2 because it brings in Xlib, whose names (Window, Display, Screen, …) would
// clash with Kinema's in every file that imports SDL; only the file that reads the times imports it.
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

/// The X server's time (milliseconds, the server's own clock) of the X11 pointer event an
/// SDL_SYSWMEVENT carries (motion, button press or release), or 0 for any other event. SDL2
/// stamps its own events when it reads them, so events that queue while a frame renders share
/// one stamp; the server's stamp is when the pointer really moved.
static inline unsigned long kinema_x11_pointer_time(const SDL_Event *event) {
#if defined(SDL_VIDEO_DRIVER_X11)
    if (event->type != SDL_SYSWMEVENT || event->syswm.msg == NULL || event->syswm.msg->subsystem != SDL_SYSWM_X11) return 0;
    const XEvent *x = &event->syswm.msg->msg.x11.event;
    switch (x->type) {
    case MotionNotify: return x->xmotion.time;
    case ButtonPress:
    case ButtonRelease: return x->xbutton.time;
    default: return 0;
    }
#else
    (void)event;
    return 0;
#endif
}
