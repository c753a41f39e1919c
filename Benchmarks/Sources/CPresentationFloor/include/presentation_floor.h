// The floor of the presentation benchmark: the same three curves for the same layers, evaluated
// by a plain C loop over flat arrays (no objects, no dictionaries, no boxing).
#ifndef PRESENTATION_FLOOR_H
#define PRESENTATION_FLOOR_H

/// Per-layer inputs, in flat arrays of `count` (keys: 8 per layer).
typedef struct {
    int count;
    const double *to_x;       // spring target x (the spring runs from 0)
    const double *to_y;       // spring target y
    const double *keys;       // 8 keyframe values of transform.rotation.z per layer
    double *out_x;            // presentation position x
    double *out_y;            // presentation position y
    double *out_m11;          // presentation transform m11 = cos(angle)
    double *out_m12;          // presentation transform m12 = sin(angle)
    double *out_opacity;      // presentation opacity
} floor_layers;

/// Evaluates every layer at `t` seconds and returns the sum of x + m12 + opacity over the layers
/// (the Swift benchmark's checksum). Spring: mass 1, stiffness 100, damping 8, from rest;
/// keyframes: 8 values over 10 s, Catmull-Rom cubic on uniform key times; basic: easeInEaseOut
/// (0.42, 0, 0.58, 1) from 0 to 1 over 10 s.
double presentation_floor_frame(const floor_layers *layers, double t);

#endif
