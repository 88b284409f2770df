"""ML2 and trunk drivers for the Skydeck OpenStack lab, which runs neutron-server without agents.

No stock mechanism driver binds a port unless an L2 agent reports for the host, and Nova refuses
a port whose binding failed. This driver binds every port on its first segment with vif_type
"other", which is enough for Nova's fake driver. Ports stay DOWN: there is no data plane.
The trunk service plugin refuses to load without a trunk driver matching a mechanism driver, so
an agentless trunk driver is registered alongside.
"""

from neutron.services.trunk.drivers import base as trunk_base
from neutron_lib.api.definitions import portbindings
from neutron_lib.plugins.ml2 import api
from neutron_lib.services.trunk import constants as trunk_consts


class BindEverythingTrunkDriver(trunk_base.DriverBase):
    @property
    def is_loaded(self):
        return True


class BindEverythingDriver(api.MechanismDriver):
    def initialize(self):
        # Instantiating subscribes the driver to the trunk plugin's AFTER_INIT event; the core
        # plugin (and so this driver) loads before the service plugins.
        self.trunk_driver = BindEverythingTrunkDriver(
            "oslab",
            (portbindings.VIF_TYPE_OTHER,),
            (trunk_consts.SEGMENTATION_TYPE_VLAN,),
            agent_type=None,
            can_trunk_bound_port=True,
        )

    def bind_port(self, context):
        for segment in context.segments_to_bind:
            context.set_binding(segment[api.ID], portbindings.VIF_TYPE_OTHER, {})
            return
