/**
 * Whether the page that opened a modal is an admin panel's (under any web root): an admin's
 * form offers fields a member's does not (provider network, MAC address, HA and DVR). Read from
 * the address because modals render outside the router, and only ever in the browser.
 */
export const onAdminPanel = (): boolean => /\/admin\//.test(window.location.pathname);
