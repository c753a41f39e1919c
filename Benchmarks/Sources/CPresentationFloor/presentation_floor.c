#include "presentation_floor.h"
#include <math.h>

// The easeInEaseOut curve's polynomial coefficients: X(u) = ((ax u + bx) u + cx) u.
static const double c1x = 0.42, c1y = 0.0, c2x = 0.58, c2y = 1.0;

static double ease_in_ease_out(double x) {
    if (!(x > 0)) return 0;
    if (x >= 1) return 1;
    const double cx = 3 * c1x, bx = 3 * (c2x - c1x) - cx, ax = 1 - cx - bx;
    const double cy = 3 * c1y, by = 3 * (c2y - c1y) - cy, ay = 1 - cy - by;
    // Newton from x itself, then bisection if it has not converged (the curve is monotonic).
    double u = x;
    for (int i = 0; i < 8; i++) {
        double e = ((ax * u + bx) * u + cx) * u - x;
        if (fabs(e) < 1e-7) return ((ay * u + by) * u + cy) * u;
        double d = (3 * ax * u + 2 * bx) * u + cx;
        if (fabs(d) < 1e-7) break;
        u -= e / d;
    }
    double lo = 0, hi = 1;
    u = x;
    for (int i = 0; i < 64; i++) {
        double e = ((ax * u + bx) * u + cx) * u;
        if (fabs(e - x) < 1e-7) break;
        if (e < x) lo = u; else hi = u;
        u = (lo + hi) / 2;
    }
    return ((ay * u + by) * u + cy) * u;
}

double presentation_floor_frame(const floor_layers *layers, double t) {
    // Spring: ζ = 8 / (2·√100) = 0.4, ω0 = 10, under-damped from rest.
    const double w0 = 10, zeta = 0.4, lambda = zeta * w0, wd = w0 * sqrt(1 - zeta * zeta);
    const double b = lambda / wd;
    const double duration = 10;
    double checksum = 0;
    for (int i = 0; i < layers->count; i++) {
        // Spring on position (each layer evaluates its own, as a per-layer evaluator would).
        double displacement = exp(-lambda * t) * (cos(wd * t) + b * sin(wd * t));
        double progress = 1 - displacement;
        double x = layers->to_x[i] * progress, y = layers->to_y[i] * progress;

        // Cubic keyframes (Catmull-Rom tangents, ends with one-sided halves).
        const double *k = layers->keys + 8 * i;
        double p = t / duration;
        double angle;
        if (p <= 0) {
            angle = k[0];
        } else if (p >= 1) {
            angle = k[7];
        } else {
            double f = p * 7;
            int s = (int)f;
            if (s > 6) s = 6;
            double u = f - s;
            double prev = s > 0 ? k[s - 1] : k[s], next = s < 6 ? k[s + 2] : k[s + 1];
            double m0 = (k[s + 1] - prev) / 2, m1 = (next - k[s]) / 2;
            double u2 = u * u, u3 = u2 * u;
            angle = (2 * u3 - 3 * u2 + 1) * k[s] + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * k[s + 1]
                + (u3 - u2) * m1;
        }
        double m11 = cos(angle), m12 = sin(angle);

        // easeInEaseOut opacity.
        double opacity = ease_in_ease_out(p);

        layers->out_x[i] = x;
        layers->out_y[i] = y;
        layers->out_m11[i] = m11;
        layers->out_m12[i] = m12;
        layers->out_opacity[i] = opacity;
        checksum += x + m12 + opacity;
    }
    return checksum;
}
