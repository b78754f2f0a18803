"""The rule families: one package each, peers over the shared core (``remi.core``).

``remi_pe_tabla`` (Romanian Remi pe tablă) and ``rummikub`` (Rummikub, MyRummy, MyRummy Small)
are registered through the ``remi.variants`` entry-point group like any third-party family; the
families never import each other. The interface and the registry are ``remi.core.variant``.
"""
