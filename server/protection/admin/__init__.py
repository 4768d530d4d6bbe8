"""The console's player protection (/wps/admin/protection): the members under protection, their history,
the risk markers the nightly job raises and the brand's settings; and the portal's list of support
organisations (GET /wps/protection/organisations, visitors too)."""
