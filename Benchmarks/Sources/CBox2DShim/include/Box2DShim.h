// A small C API over Debian's Box2D 2.4.1 (C++), for the dynamics benchmark's peer engine.
// Box2D units: metres, seconds, radians, y up. The Swift harness converts points (100 pt = 1 m,
// UIKit's scale). Bodies are addressed by the index returned when they are added.
#ifndef KINEMA_BOX2D_SHIM_H
#define KINEMA_BOX2D_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct b2s_world b2s_world;

/// A world with gravity (m/s²); sleeping on or off for every body.
b2s_world *b2s_world_new(double gravity_x, double gravity_y, int allow_sleep);
void b2s_world_free(b2s_world *world);

/// A static box centred at (x, y), half extents (hw, hh), turned by angle. Returns its index.
int b2s_add_static_box(b2s_world *world, double x, double y, double hw, double hh, double angle,
                       double friction, double restitution);
/// A static two-sided edge from (x1, y1) to (x2, y2), zero thickness. Returns its index.
int b2s_add_static_segment(b2s_world *world, double x1, double y1, double x2, double y2,
                           double friction, double restitution);
/// A dynamic box with an initial linear velocity (m/s). Returns its index.
int b2s_add_dynamic_box(b2s_world *world, double x, double y, double hw, double hh, double angle,
                        double density, double friction, double restitution, double vx, double vy);

void b2s_step(b2s_world *world, double dt, int velocity_iterations, int position_iterations);

void b2s_get(const b2s_world *world, int body, double *x, double *y, double *angle);
void b2s_get_velocity(const b2s_world *world, int body, double *vx, double *vy);
int b2s_body_count(const b2s_world *world);
int b2s_awake_count(const b2s_world *world);

#ifdef __cplusplus
}
#endif

#endif
