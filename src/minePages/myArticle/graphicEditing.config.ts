export default definePageConfig({ navigationBarTitleText: '图文编辑', navigationStyle: 'custom' })
