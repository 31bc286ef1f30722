"""Only the compiled Regicide simulator kernel; everything else is in pyproject.toml.

``optional=True``: without a C compiler the project still installs and simulates in pure Python
(tests/engine/regicide/test_regicide_kernel.py fails, so CI notices).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("engine.regicide._kernel", ["engine/regicide/_kernel.c"], optional=True,
                             extra_compile_args=["-O2"])])
