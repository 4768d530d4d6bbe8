"""The seamless-wallet protocol, shared by the portal's wallet API and every vendor that calls it (the house
included): paths, request and answer models, signing. Money travels as decimal strings, parsed and
formatted by server.http.core.money on both sides."""
