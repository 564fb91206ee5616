// SDL2 for Swift: the header, plus the few values that SDL defines as macros Swift cannot import.
#ifndef PHOTOVIEWER_CSDL2_SHIM_H
#define PHOTOVIEWER_CSDL2_SHIM_H

#include <SDL.h>

/// SDL_TOUCH_MOUSEID: the `which` of mouse events that SDL synthesizes from touches.
static inline Uint32 CSDL2_touchMouseID(void) { return SDL_TOUCH_MOUSEID; }

/// SDL_BUTTON_LMASK, SDL_BUTTON_RMASK, SDL_BUTTON_MMASK: bits of SDL_GetMouseState's result.
static inline Uint32 CSDL2_buttonMask(int button) { return SDL_BUTTON(button); }

#endif
