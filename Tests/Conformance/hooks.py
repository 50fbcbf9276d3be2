"""schemathesis hooks for the conformance run: strategies for formats openapi.yaml defines itself."""
from hypothesis import strategies as st
import schemathesis

# A sample of real IANA names, including zones with half-hour offsets, DST and the southern hemisphere.
schemathesis.openapi.format("iana-time-zone", st.sampled_from([
    "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
    "America/Sao_Paulo", "Africa/Casablanca",
]))
