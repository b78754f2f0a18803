"""The shared core every rule family builds on; it imports no family.

Tiles and their notation (``tiles``, ``notation``), formations and their readings and values
(``formations``, ``candidates``), rule ids and presets (``rulespec``, ``presets``), the action
base (``actions``), explained scores (``scoring``), the ``Variant`` protocol and the registry of
families (``variant``), errors (``errors``) and bounded file reading (``files``).
"""
