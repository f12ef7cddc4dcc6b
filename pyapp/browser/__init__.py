"""The browser glue (the only package importing ``js``/``pyodide``): see :mod:`pyapp.browser.main`."""
