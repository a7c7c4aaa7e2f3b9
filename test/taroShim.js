// @tarojs/taro for jest: the H5 APIs plus the React page hooks (ARCHITECTURE.md, toolchain facts).
const React = require('react')
const ReactDOM = require('react-dom')
const apis = require('@tarojs/plugin-platform-h5/dist/runtime/apis')
const fw = require('@tarojs/plugin-framework-react/dist/runtime')

fw.createReactApp(
  function App(props) {
    return props.children
  },
  React,
  ReactDOM,
  { pages: [] },
)

const hooks = {}
for (const k of Object.keys(fw)) if (k.startsWith('use')) hooks[k] = fw[k]
const Taro = Object.assign({}, apis.default || apis, apis, hooks)
module.exports = Taro
module.exports.default = Taro
