export default definePageConfig({ navigationBarTitleText: '代理后台', navigationStyle: 'custom' })
