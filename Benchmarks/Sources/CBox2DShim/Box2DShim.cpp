// The C API of Box2DShim.h over Box2D 2.4.1's classes.
#include "Box2DShim.h"

#include <box2d/box2d.h>

#include <vector>

struct b2s_world {
    b2World world;
    std::vector<b2Body *> bodies;
    explicit b2s_world(b2Vec2 gravity) : world(gravity) {}
};

extern "C" {

b2s_world *b2s_world_new(double gravity_x, double gravity_y, int allow_sleep) {
    b2s_world *w = new b2s_world(b2Vec2(float(gravity_x), float(gravity_y)));
    w->world.SetAllowSleeping(allow_sleep != 0);
    return w;
}

void b2s_world_free(b2s_world *world) { delete world; }

static int add_body(b2s_world *w, b2BodyType type, double x, double y, double angle, double vx, double vy,
                    const b2Shape &shape, double density, double friction, double restitution) {
    b2BodyDef bd;
    bd.type = type;
    bd.position.Set(float(x), float(y));
    bd.angle = float(angle);
    bd.linearVelocity.Set(float(vx), float(vy));
    b2Body *body = w->world.CreateBody(&bd);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = float(density);
    fd.friction = float(friction);
    fd.restitution = float(restitution);
    body->CreateFixture(&fd);
    w->bodies.push_back(body);
    return int(w->bodies.size()) - 1;
}

int b2s_add_static_box(b2s_world *world, double x, double y, double hw, double hh, double angle,
                       double friction, double restitution) {
    b2PolygonShape box;
    box.SetAsBox(float(hw), float(hh));
    return add_body(world, b2_staticBody, x, y, angle, 0, 0, box, 0, friction, restitution);
}

int b2s_add_static_segment(b2s_world *world, double x1, double y1, double x2, double y2,
                           double friction, double restitution) {
    b2EdgeShape edge;
    edge.SetTwoSided(b2Vec2(float(x1), float(y1)), b2Vec2(float(x2), float(y2)));
    return add_body(world, b2_staticBody, 0, 0, 0, 0, 0, edge, 0, friction, restitution);
}

int b2s_add_dynamic_box(b2s_world *world, double x, double y, double hw, double hh, double angle,
                        double density, double friction, double restitution, double vx, double vy) {
    b2PolygonShape box;
    box.SetAsBox(float(hw), float(hh));
    return add_body(world, b2_dynamicBody, x, y, angle, vx, vy, box, density, friction, restitution);
}

void b2s_step(b2s_world *world, double dt, int velocity_iterations, int position_iterations) {
    world->world.Step(float(dt), velocity_iterations, position_iterations);
}

void b2s_get(const b2s_world *world, int body, double *x, double *y, double *angle) {
    const b2Body *b = world->bodies[size_t(body)];
    *x = b->GetPosition().x;
    *y = b->GetPosition().y;
    *angle = b->GetAngle();
}

void b2s_get_velocity(const b2s_world *world, int body, double *vx, double *vy) {
    const b2Body *b = world->bodies[size_t(body)];
    *vx = b->GetLinearVelocity().x;
    *vy = b->GetLinearVelocity().y;
}

int b2s_body_count(const b2s_world *world) { return world->world.GetBodyCount(); }

int b2s_awake_count(const b2s_world *world) {
    int n = 0;
    for (const b2Body *b : world->bodies) {
        if (b->GetType() == b2_dynamicBody && b->IsAwake()) n += 1;
    }
    return n;
}

}
