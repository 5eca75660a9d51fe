# A route is imported as <edge_id>/<route_id>, the IDs of the HTTPS edge and
# of its route, as the route modules are.
terraform import ngrok_https_edge_route.api edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam/edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq
