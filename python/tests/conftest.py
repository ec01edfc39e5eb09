import sys
from pathlib import Path

# The model lives beside the tests; importlib import mode does not put this folder on sys.path.
sys.path.insert(0, str(Path(__file__).parent))
