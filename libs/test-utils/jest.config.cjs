module.exports = require('../../tools/jest/project.cjs')(__dirname);
