"""The reading layer: every request read once, at the door, into typed records (docs/architecture.md).

Each module reads one part of a request, checks every field with :mod:`.fields` (a mistake refused with
a message naming the field and the value), and hands the layers below a record they never check again:
:mod:`.resolve` and :mod:`.calc` read the two battle ops (with :mod:`.battle`, :mod:`.systems`,
:mod:`.colors`, :mod:`.dice`, :mod:`.fair` and :mod:`.plan`), :mod:`.wif` a World in Flames combat. The
canonical form of each request, which a share link holds, is written beside its reader.
"""
