// Taro's preset for the app build; NutUI components, icons and their CSS are imported on demand.
module.exports = {
  presets: [['taro', { framework: process.env.TARO_ENV === 'h5' ? 'preact' : 'react', ts: true, compiler: 'webpack5' }]],
  plugins: [
    [
      'import',
      {
        libraryName: '@nutui/nutui-react-taro',
        libraryDirectory: 'dist/esm',
        style: 'css',
        camel2DashComponentName: false,
        customName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}`,
        customStyleName: (name) => `@nutui/nutui-react-taro/dist/es/packages/${name.toLowerCase()}/style/css`,
      },
      'nutui-react-taro',
    ],
    // Icons one file each: through the package index every chunk that used one icon carried all the icons
    // the app uses (about 60 KB in each page chunk).
    [
      'import',
      {
        libraryName: '@nutui/icons-react-taro',
        camel2DashComponentName: false,
        customName: (name) => `@nutui/icons-react-taro/dist/es/icons/${name}.js`,
        customStyleName: () => '@nutui/icons-react-taro/dist/style_icon.css',
      },
      'nutui-icons',
    ],
    // The request schemas of types/*.ts are the server's: marked pure so the app's minifier drops them.
    require.resolve('./config/pureSchemaCalls.js'),
  ],
}
