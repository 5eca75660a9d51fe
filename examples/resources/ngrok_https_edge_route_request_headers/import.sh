# A route module has no ID of its own: it is imported as <edge_id>/<route_id>,
# the IDs of the HTTPS edge and of its route.
terraform import ngrok_https_edge_route_request_headers.app edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam/edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq
