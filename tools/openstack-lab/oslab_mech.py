"""An ML2 mechanism driver for the Skydeck OpenStack lab, which runs neutron-server without agents.

No stock mechanism driver binds a port unless an L2 agent reports for the host, and Nova refuses
a port whose binding failed. This driver binds every port on its first segment with vif_type
"other", which is enough for Nova's fake driver. Ports stay DOWN: there is no data plane.
"""

from neutron_lib.api.definitions import portbindings
from neutron_lib.plugins.ml2 import api


class BindEverythingDriver(api.MechanismDriver):
    def initialize(self):
        pass

    def bind_port(self, context):
        for segment in context.segments_to_bind:
            context.set_binding(segment[api.ID], portbindings.VIF_TYPE_OTHER, {})
            return
