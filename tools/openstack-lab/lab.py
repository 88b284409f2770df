#!/usr/bin/python3
"""Keystone registrations and seed data for the Skydeck OpenStack lab (called by up.sh).

One Python process per step instead of one `openstack` CLI call per object: every call is
find-or-create, so re-running a step changes nothing.

  lab.py service-project     project "service" and the roles services need
  lab.py register <service>  service user (admin + service role) and catalog endpoints
  lab.py seed                the demo cloud's projects, users, grants, flavors, image, volume type
  lab.py wait-compute        until the compute host reports in afresh and has placement inventory
"""

import sys
import time
from datetime import datetime, timezone

from keystoneauth1 import session
from keystoneauth1.identity import v3

HOST = "127.0.0.1"
AUTH_URL = f"http://{HOST}:5000/v3"
REGION = "RegionOne"
SERVICE_PASS = "oslab-service"

# service user -> [(service name, service type, endpoint URL)]
CATALOG = {
    "glance": [("glance", "image", f"http://{HOST}:9292")],
    "swift": [("swift", "object-store", f"http://{HOST}:8080/v1/AUTH_%(project_id)s")],
    "placement": [("placement", "placement", f"http://{HOST}:8778")],
    "nova": [("nova", "compute", f"http://{HOST}:8774/v2.1")],
    "neutron": [("neutron", "network", f"http://{HOST}:9696")],
    "cinder": [
        ("cinder", "block-storage", f"http://{HOST}:8776/v3/%(project_id)s"),
        ("cinderv3", "volumev3", f"http://{HOST}:8776/v3/%(project_id)s"),
    ],
    "heat": [("heat", "orchestration", f"http://{HOST}:8004/v1/%(project_id)s")],
}

# The same identities as the demo cloud (packages/demo-cloud/src/services/keystone/seed.ts).
PROJECTS = {
    "demo": "Project of the demo user.",
    "alt_demo": "A second project, so there is another project to switch to and to hide.",
}
USERS = [
    ("demo", "demo", "demo", [("member", "demo"), ("member", "alt_demo")]),
    ("reader", "reader", "demo", [("reader", "demo")]),
]
ADMIN_GRANTS = [("admin", "demo")]

# Devstack's m1.* flavors with the demo cloud's extra specs, plus a private flavor.
FLAVORS = [
    ("1", "m1.tiny", 1, 512, 1, {}),
    ("2", "m1.small", 1, 2048, 20, {}),
    ("3", "m1.medium", 2, 4096, 40, {"hw:cpu_policy": "shared"}),
    ("4", "m1.large", 4, 8192, 80, {"hw:cpu_policy": "dedicated", "hw:mem_page_size": "large"}),
    ("5", "m1.xlarge", 8, 16384, 160, {"hw:cpu_policy": "dedicated", "hw:numa_nodes": "2"}),
]
PRIVATE_FLAVOR = (
    "p1.secret",
    2,
    4096,
    40,
    {"hw:cpu_policy": "dedicated", "trait:CUSTOM_SECRET_HW": "required"},
    "Private flavor for the admin project",
)


def admin_session():
    auth = v3.Password(
        auth_url=AUTH_URL,
        username="admin",
        password="admin",
        project_name="admin",
        user_domain_id="default",
        project_domain_id="default",
    )
    return session.Session(auth=auth)


class Keystone:
    def __init__(self, sess):
        self.s = sess

    def _get(self, path, **params):
        return self.s.get(AUTH_URL + path, params=params).json()

    def _post(self, path, body):
        return self.s.post(AUTH_URL + path, json=body).json()

    def find_or_create(self, kind, plural, name, body, **filters):
        found = self._get(f"/{plural}", name=name, **filters)[plural]
        if found:
            return found[0]["id"]
        print(f"create {kind} {name}")
        return self._post(f"/{plural}", {kind: dict(body, name=name)})[kind]["id"]

    def project(self, name, description=""):
        return self.find_or_create(
            "project", "projects", name, {"domain_id": "default", "description": description}
        )

    def role(self, name):
        return self.find_or_create("role", "roles", name, {})

    def user(self, name, password, default_project=None):
        body = {"domain_id": "default", "password": password, "enabled": True}
        if default_project:
            body["default_project_id"] = default_project
        body["email"] = f"{name}@example.org"
        return self.find_or_create("user", "users", name, body, domain_id="default")

    def grant(self, user_id, project_id, role_id):
        self.s.put(f"{AUTH_URL}/projects/{project_id}/users/{user_id}/roles/{role_id}")

    def service(self, name, type_):
        found = self._get("/services", type=type_)["services"]
        for svc in found:
            if svc["name"] == name:
                return svc["id"]
        print(f"create service {name} ({type_})")
        body = {"service": {"name": name, "type": type_, "enabled": True}}
        return self._post("/services", body)["service"]["id"]

    def endpoints(self, service_id, url):
        existing = self._get("/endpoints", service_id=service_id)["endpoints"]
        have = {(e["interface"], e["region_id"]) for e in existing}
        for interface in ("public", "internal", "admin"):
            if (interface, REGION) in have:
                continue
            body = {
                "endpoint": {
                    "service_id": service_id,
                    "interface": interface,
                    "url": url,
                    "region_id": REGION,
                    "enabled": True,
                }
            }
            self._post("/endpoints", body)


def service_project(ks):
    ks.project("service", "Service users")
    for role in ("service", "heat_stack_user", "ResellerAdmin"):
        ks.role(role)


def register(ks, user):
    if user not in CATALOG:
        sys.exit(f"unknown service {user}; known: {', '.join(CATALOG)}")
    project_id = ks.project("service")
    user_id = ks.user(user, SERVICE_PASS)
    # Zed's Nova sends service tokens, and keystonemiddleware (service_token_roles_required)
    # accepts them only from users holding the service role.
    for role in ("admin", "service"):
        ks.grant(user_id, project_id, ks.role(role))
    for name, type_, url in CATALOG[user]:
        ks.endpoints(ks.service(name, type_), url)


def endpoint_of(sess, service_type):
    return sess.get_endpoint(service_type=service_type, interface="public", region_name=REGION)


def seed(sess, ks):
    project_ids = {"admin": ks.project("admin")}
    for name, description in PROJECTS.items():
        project_ids[name] = ks.project(name, description)
    admin_id = ks._get("/users", name="admin")["users"][0]["id"]
    for role, project in ADMIN_GRANTS:
        ks.grant(admin_id, project_ids[project], ks.role(role))
    for name, password, default_project, grants in USERS:
        user_id = ks.user(name, password, project_ids[default_project])
        for role, project in grants:
            ks.grant(user_id, project_ids[project], ks.role(role))

    seed_flavors(sess, project_ids["admin"])
    seed_image(sess)
    seed_volume_type(sess)


def seed_flavors(sess, admin_project_id):
    nova = endpoint_of(sess, "compute")
    mv = {"OpenStack-API-Version": "compute 2.55", "X-OpenStack-Nova-API-Version": "2.55"}
    existing = {
        f["name"]: f["id"]
        for f in sess.get(f"{nova}/flavors?is_public=None", headers=mv).json()["flavors"]
    }
    for flavor_id, name, vcpus, ram, disk, specs in FLAVORS:
        if name in existing:
            continue
        print(f"create flavor {name}")
        body = {"flavor": {"id": flavor_id, "name": name, "vcpus": vcpus, "ram": ram, "disk": disk}}
        sess.post(f"{nova}/flavors", json=body, headers=mv)
        if specs:
            sess.post(f"{nova}/flavors/{flavor_id}/os-extra_specs", json={"extra_specs": specs})
    name, vcpus, ram, disk, specs, description = PRIVATE_FLAVOR
    if name not in existing:
        print(f"create flavor {name}")
        body = {
            "flavor": {
                "name": name,
                "vcpus": vcpus,
                "ram": ram,
                "disk": disk,
                "os-flavor-access:is_public": False,
                "description": description,
            }
        }
        flavor_id = sess.post(f"{nova}/flavors", json=body, headers=mv).json()["flavor"]["id"]
        sess.post(f"{nova}/flavors/{flavor_id}/os-extra_specs", json={"extra_specs": specs})
        sess.post(
            f"{nova}/flavors/{flavor_id}/action",
            json={"addTenantAccess": {"tenant": admin_project_id}},
        )


def seed_image(sess):
    glance = endpoint_of(sess, "image").rstrip("/")
    name = "cirros-tiny"
    if sess.get(f"{glance}/v2/images", params={"name": name}).json()["images"]:
        return
    print(f"create image {name}")
    body = {
        "name": name,
        "disk_format": "raw",
        "container_format": "bare",
        "visibility": "public",
        "min_disk": 1,
        "os_distro": "cirros",
    }
    image = sess.post(f"{glance}/v2/images", json=body).json()
    # A few KB stand in for a bootable disk: the fake compute driver never reads it.
    data = b"skydeck-openstack-lab fake disk\n" * 128
    sess.put(
        f"{glance}/v2/images/{image['id']}/file",
        data=data,
        headers={"Content-Type": "application/octet-stream"},
    )


def seed_volume_type(sess):
    cinder = endpoint_of(sess, "volumev3")
    types = sess.get(f"{cinder}/types").json()["volume_types"]
    if any(t["name"] == "standard" for t in types):
        return
    print("create volume type standard")
    body = {"volume_type": {"name": "standard", "description": "Default volume type"}}
    sess.post(f"{cinder}/types", json=body)


def wait_compute(sess, timeout=180):
    """Until the scheduler would pick host oslab for a server.

    Nova's ComputeFilter drops a host whose service has not reported within service_down_time
    (60 s): after a restart, until nova-compute's first report (every 10 s) the lab would answer
    every boot with "No valid host". So wait for a report newer than this call, an up hypervisor
    and the host's inventory in placement.
    """
    nova = endpoint_of(sess, "compute")
    placement = endpoint_of(sess, "placement")
    since = datetime.now(timezone.utc).replace(tzinfo=None)
    deadline = time.monotonic() + timeout
    while True:
        waiting = []
        services = sess.get(f"{nova}/os-services", params={"binary": "nova-compute"}).json()
        compute = [s for s in services["services"] if s["host"] == "oslab"]
        reported = compute and compute[0]["updated_at"]
        if not reported or datetime.fromisoformat(reported) <= since:
            waiting.append("a fresh nova-compute report")
        elif compute[0]["state"] != "up" or compute[0]["status"] != "enabled":
            waiting.append(f"nova-compute up and enabled (is {compute[0]['state']}, {compute[0]['status']})")
        hypervisors = sess.get(f"{nova}/os-hypervisors/detail").json()["hypervisors"]
        if not any(h["state"] == "up" and h["status"] == "enabled" for h in hypervisors):
            waiting.append("an up hypervisor")
        version = {"OpenStack-API-Version": "placement 1.14"}
        providers = sess.get(
            f"{placement}/resource_providers", params={"name": "oslab"}, headers=version
        ).json()["resource_providers"]
        if providers:
            inventories = sess.get(
                f"{placement}/resource_providers/{providers[0]['uuid']}/inventories",
                headers=version,
            ).json()["inventories"]
            if not {"VCPU", "MEMORY_MB", "DISK_GB"} <= set(inventories):
                waiting.append("VCPU, MEMORY_MB and DISK_GB inventory in placement")
        else:
            waiting.append("a resource provider for oslab in placement")
        if not waiting:
            return
        if time.monotonic() > deadline:
            sys.exit(f"compute host oslab not ready after {timeout}s: waiting for {', '.join(waiting)}")
        time.sleep(2)


def main(argv):
    if not argv:
        sys.exit(__doc__)
    sess = admin_session()
    ks = Keystone(sess)
    command = argv[0]
    if command == "service-project":
        service_project(ks)
    elif command == "register":
        for user in argv[1:]:
            register(ks, user)
    elif command == "seed":
        seed(sess, ks)
    elif command == "wait-compute":
        wait_compute(sess)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
