// From the DOM library, not @testing-library/react: importing that one here, before jest's globals exist,
// would skip its automatic cleanup between tests.
import { configure } from '@testing-library/dom';

// findBy*/waitFor give up after 1 s by default. A screen that loads its chunk and its data took longer than
// that once the test command shared two cores with other work (load 8): the wait is for the fact, so a
// longer ceiling costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });
